/**
 * Indian states and union territories with their GST state codes (the first two digits of a
 * GSTIN), so a typed state ("maharashtra", "MH", "Orissa") is read as the place of supply.
 */
export type GstState = { code: string; name: string };

const STATES: { code: string; name: string; aliases: string[] }[] = [
  { code: "01", name: "Jammu and Kashmir", aliases: ["JK", "Jammu Kashmir", "J and K"] },
  { code: "02", name: "Himachal Pradesh", aliases: ["HP"] },
  { code: "03", name: "Punjab", aliases: ["PB"] },
  { code: "04", name: "Chandigarh", aliases: ["CH"] },
  { code: "05", name: "Uttarakhand", aliases: ["UK", "Uttaranchal"] },
  { code: "06", name: "Haryana", aliases: ["HR"] },
  { code: "07", name: "Delhi", aliases: ["DL", "New Delhi", "NCT of Delhi", "NCT Delhi"] },
  { code: "08", name: "Rajasthan", aliases: ["RJ"] },
  { code: "09", name: "Uttar Pradesh", aliases: ["UP"] },
  { code: "10", name: "Bihar", aliases: ["BR"] },
  { code: "11", name: "Sikkim", aliases: ["SK"] },
  { code: "12", name: "Arunachal Pradesh", aliases: ["AR"] },
  { code: "13", name: "Nagaland", aliases: ["NL"] },
  { code: "14", name: "Manipur", aliases: ["MN"] },
  { code: "15", name: "Mizoram", aliases: ["MZ"] },
  { code: "16", name: "Tripura", aliases: ["TR"] },
  { code: "17", name: "Meghalaya", aliases: ["ML"] },
  { code: "18", name: "Assam", aliases: ["AS"] },
  { code: "19", name: "West Bengal", aliases: ["WB"] },
  { code: "20", name: "Jharkhand", aliases: ["JH"] },
  { code: "21", name: "Odisha", aliases: ["OD", "OR", "Orissa"] },
  { code: "22", name: "Chhattisgarh", aliases: ["CG", "Chattisgarh"] },
  { code: "23", name: "Madhya Pradesh", aliases: ["MP"] },
  { code: "24", name: "Gujarat", aliases: ["GJ"] },
  {
    code: "26",
    name: "Dadra and Nagar Haveli and Daman and Diu",
    aliases: ["DN", "DD", "Dadra and Nagar Haveli", "Daman and Diu"],
  },
  { code: "27", name: "Maharashtra", aliases: ["MH"] },
  { code: "29", name: "Karnataka", aliases: ["KA"] },
  { code: "30", name: "Goa", aliases: ["GA"] },
  { code: "31", name: "Lakshadweep", aliases: ["LD"] },
  { code: "32", name: "Kerala", aliases: ["KL"] },
  { code: "33", name: "Tamil Nadu", aliases: ["TN"] },
  { code: "34", name: "Puducherry", aliases: ["PY", "Pondicherry"] },
  {
    code: "35",
    name: "Andaman and Nicobar Islands",
    aliases: ["AN", "Andaman and Nicobar", "Andaman Nicobar"],
  },
  { code: "36", name: "Telangana", aliases: ["TS", "TG"] },
  { code: "37", name: "Andhra Pradesh", aliases: ["AP"] },
  { code: "38", name: "Ladakh", aliases: ["LA"] },
];

/** Lower case, "&" read as "and", anything but letters dropped, spaces collapsed. */
export function normaliseStateName(text: string) {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

const BY_NAME = new Map<string, GstState>();
for (const state of STATES) {
  const entry = { code: state.code, name: state.name };
  for (const name of [state.name, ...state.aliases]) BY_NAME.set(normaliseStateName(name), entry);
}

/** The state a person typed, or null when it is not one we know. */
export function findGstState(text: string): GstState | null {
  return BY_NAME.get(normaliseStateName(text)) ?? null;
}

/** Whether two typed states are the same state (by GST code when known, else by name). */
export function sameState(a: string, b: string) {
  const first = findGstState(a);
  const second = findGstState(b);
  if (first && second) return first.code === second.code;
  return normaliseStateName(a) === normaliseStateName(b);
}

/** "Maharashtra (27)", or the typed name when the state is not known. */
export function stateWithCode(text: string) {
  const state = findGstState(text);
  return state ? `${state.name} (${state.code})` : text.trim();
}
