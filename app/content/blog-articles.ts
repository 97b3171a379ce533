/** docs/SPEC.md §2: the Wellness Blog's categories, in the order of its tabs (after "All"). */
export const BLOG_CATEGORIES = [
  "Ayurveda Basics",
  "Herbs & Remedies",
  "Lifestyle",
  "Nutrition",
] as const;

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export type BlogArticle = {
  slug: string;
  title: string;
  category: BlogCategory;
  excerpt: string;
  readingMinutes: number;
  /** ISO date (yyyy-mm-dd). */
  publishedOn: string;
  /** Paragraphs, in order. */
  body: string[];
};

/** The six articles of the Wellness Blog, newest first. */
export const BLOG_ARTICLES: BlogArticle[] = [
  {
    slug: "understanding-the-three-doshas",
    title: "Understanding the Three Doshas: Vata, Pitta and Kapha",
    category: "Ayurveda Basics",
    excerpt:
      "The doshas are Ayurveda's way of describing how the body and mind work. Here is a plain-language guide to Vata, Pitta and Kapha, and what they mean for daily life.",
    readingMinutes: 3,
    publishedOn: "2026-10-28",
    body: [
      "Ayurveda, the traditional system of medicine that has been practised in India for more than two thousand years, describes health as a state of balance. To explain that balance, the classical texts speak of three doshas: Vata, Pitta and Kapha. They are not substances you can measure in a blood test. They are a way of grouping the qualities and functions that keep the body and mind working.",
      "Vata is associated with air and space. It governs movement of every kind: breathing, the heartbeat, the movement of food through the gut, and the flow of thoughts. Its qualities are dry, light, cold, rough and mobile. When Vata is in balance, a person tends to be lively, creative and quick to learn. When it is disturbed, the classical texts describe dryness, restlessness, irregular appetite and difficulty sleeping.",
      "Pitta is associated with fire and a little water. It governs transformation: digestion, metabolism, body temperature and sharpness of understanding. Its qualities are hot, sharp, light and slightly oily. Balanced Pitta shows up as a good appetite, clear thinking and determination. In excess it is linked with irritability, acidity, a feeling of heat and skin that flares easily.",
      "Kapha is associated with earth and water. It gives the body its structure, lubricates the joints and supports immunity and steadiness. Its qualities are heavy, slow, cool, oily and stable. Balanced Kapha brings strength, patience and calm. Too much of it is linked with sluggishness, weight gain, congestion and a reluctance to change.",
      "Everyone has all three doshas. What differs is the proportion. Ayurveda calls the proportion you are born with your prakriti, your natural constitution, and the state you are in today your vikriti. Someone with a Pitta-dominant constitution, for example, may feel the summer heat more than others and do best with cooling foods during the hot months.",
      "The practical value of the doshas lies in the everyday choices they suggest. Ayurveda favours opposites to restore balance: warm, grounding meals and a regular routine when Vata feels high; cooling foods and time in the shade when Pitta runs hot; activity, lighter meals and variety when Kapha feels heavy. Seasons, age and even the time of day are thought to shift the balance too, which is why routines and diets change through the year.",
      "Online quizzes can be a fun starting point, but they are only a rough guide. A qualified Ayurvedic practitioner assesses your constitution through conversation, observation and pulse examination, and will take your medical history into account. If you have a health condition or take regular medicines, speak to your doctor before making big changes to your diet or starting any new remedy.",
    ],
  },
  {
    slug: "ashwagandha-the-strength-giving-herb",
    title: "Ashwagandha: What the Traditional Strength-Giving Herb Is Used For",
    category: "Herbs & Remedies",
    excerpt:
      "Ashwagandha is one of the best-known herbs of Ayurveda. Learn what it is, how it is traditionally used, what modern research says and who should be careful with it.",
    readingMinutes: 3,
    publishedOn: "2026-10-14",
    body: [
      "Ashwagandha (Withania somnifera) is a small shrub that grows in the dry regions of India, including parts of Maharashtra. Its root has been used in Ayurveda for centuries. The Sanskrit name is often translated as 'the smell of a horse', a reference both to the root's earthy smell and to the strength it was traditionally believed to give.",
      "In the classical texts, ashwagandha is counted among the rasayanas, the group of herbs used to support vitality and healthy ageing. It is described as warming and grounding, which is why it has traditionally been recommended when Vata is high: during times of stress, tiredness, poor sleep or recovery after illness. It is commonly taken as a powder (churna) mixed with warm milk, as a tablet, or as part of a formulation together with other herbs.",
      "Modern research on ashwagandha has grown over the last twenty years. Several small clinical studies have looked at its effect on perceived stress, sleep quality and physical performance, and many report modest benefits. The studies are generally short and involve limited numbers of people, so researchers continue to call for larger and longer trials. It is fair to say that ashwagandha is a well-studied traditional herb, not a cure for any disease.",
      "Quality matters with any herb. Look for products that list the part of the plant used (the root is the traditional part), the amount per tablet or dose, a batch number and an expiry date, and that are made by a licensed manufacturer following Good Manufacturing Practice. Our own formulations use tested raw material, and each batch is checked before it is released.",
      "Ashwagandha is not right for everyone. It is generally advised against during pregnancy. People with thyroid conditions, autoimmune conditions, or those taking sedatives, medicines for blood pressure or blood sugar, or immunosuppressants should speak to their doctor first, because the herb may interact with these treatments. Rare cases of liver problems have been reported with ashwagandha supplements, so stop taking it and seek medical advice if you notice unusual tiredness, dark urine or yellowing of the skin or eyes.",
      "If you would like to try ashwagandha, start with the dose printed on the label, take it consistently for a few weeks rather than expecting overnight results, and pay attention to how you feel. Combined with regular sleep, a balanced diet and time to rest, it can be a helpful part of a calmer routine.",
    ],
  },
  {
    slug: "triphala-the-three-fruit-formula",
    title: "Triphala: Understanding the Classic Three-Fruit Formula",
    category: "Herbs & Remedies",
    excerpt:
      "Triphala combines three dried fruits into one of Ayurveda's most widely used formulas. Here is what goes into it, how it is traditionally taken and what to keep in mind.",
    readingMinutes: 2,
    publishedOn: "2026-09-30",
    body: [
      "Triphala means 'three fruits' in Sanskrit, and that is exactly what it is: a blend of the dried fruits of amalaki (Indian gooseberry, Emblica officinalis), bibhitaki (Terminalia bellirica) and haritaki (Terminalia chebula). It is one of the most frequently used formulas in Ayurveda and appears in many classical texts.",
      "Each fruit brings its own character. Amalaki is sour and cooling and is a well-known source of vitamin C; it is traditionally linked with Pitta. Bibhitaki is astringent and is traditionally linked with Kapha. Haritaki, often called the king of medicines in Ayurvedic writing, is associated with Vata. Because the three are combined in equal parts, Triphala is considered suitable for all three doshas when used sensibly.",
      "Traditionally, Triphala has been used above all to support digestion and regular bowel movements. It is also used as a gentle rasayana, a tonic taken over longer periods, and in some traditions as an eyewash or mouth rinse prepared by a practitioner. Laboratory studies have found that its fruits are rich in polyphenols such as tannins and gallic acid, and small human studies have looked at its effect on constipation and oral health. As with most herbal remedies, larger clinical trials are still limited.",
      "Triphala is usually taken as a powder (churna) stirred into warm water, or as a tablet, most often at bedtime or early in the morning on an empty stomach. The powder tastes sour, bitter and astringent all at once, which is why many people prefer tablets. Always follow the dose on the label; more is not better, and a large dose can cause loose stools or stomach cramps.",
      "Some people should avoid Triphala or check with a doctor first. It is generally not recommended during pregnancy or breastfeeding, for children without medical advice, or when you already have diarrhoea. If you take blood-thinning medicines, diabetes medicines or other regular treatment, ask your doctor before adding it, because interactions are possible.",
      "Used with care, Triphala fits easily into a daily routine. It works best alongside the basics: enough water, fibre from fruit, vegetables and whole grains, regular meals and some physical activity every day. If digestive trouble continues for more than a couple of weeks, or you notice blood in your stool, weight loss or severe pain, see a doctor rather than relying on any remedy.",
    ],
  },
  {
    slug: "dinacharya-an-ayurvedic-daily-routine",
    title: "Dinacharya: Building a Simple Ayurvedic Daily Routine",
    category: "Lifestyle",
    excerpt:
      "Ayurveda places great weight on routine. These simple morning and evening habits, drawn from the tradition of dinacharya, are easy to start and easy to keep.",
    readingMinutes: 3,
    publishedOn: "2026-09-16",
    body: [
      "Dinacharya is the Ayurvedic term for a daily routine. The classical texts devote whole chapters to it, because Ayurveda sees regularity as one of the foundations of health. Waking, eating and sleeping at roughly the same times each day is thought to steady the body's rhythms, particularly Vata, which is easily disturbed by irregular habits. Modern research on sleep and circadian rhythms points in a similar direction.",
      "You do not need to follow every step of a traditional routine to benefit. Choosing a few habits and keeping them consistently is more useful than attempting everything for a week and then giving up.",
      "Start with waking up early. Ayurveda recommends rising before sunrise, in the calm hours known as brahma muhurta. Even waking thirty minutes earlier than usual can give you an unhurried start. Drink a glass of warm water, then attend to the body: brush your teeth, and if you like, try tongue scraping with a clean steel or copper scraper, a traditional practice that many people find refreshing.",
      "Next comes abhyanga, a self-massage with warm oil. Sesame oil is the traditional choice for most people, while coconut oil is preferred in hot weather or by those who tend to feel warm. Massage the oil into the skin for five to ten minutes, paying attention to the joints, then bathe with warm water. If a daily massage feels like too much, once or twice a week is still worthwhile.",
      "Move your body in the morning. Yoga, a brisk walk or any exercise you enjoy will do. Ayurveda advises exercising to about half of your capacity: enough to feel warm and lightly breathless, not exhausted. A few minutes of calm breathing or meditation afterwards helps settle the mind for the day.",
      "Make lunch your main meal, since digestion is traditionally considered strongest around midday, and keep dinner lighter and earlier, ideally a couple of hours before bed. In the evening, dim the lights, put screens away at least half an hour before sleep, and aim to be in bed by about ten o'clock. A cup of warm milk with a pinch of nutmeg or turmeric is a classic way to wind down.",
      "Build your routine slowly, one habit at a time. Within a few weeks, many people find that a steady rhythm makes their days feel calmer and more productive. If you have a medical condition, check with your doctor before making changes to exercise or diet.",
    ],
  },
  {
    slug: "eating-for-agni-ayurvedic-nutrition",
    title: "Eating for Agni: Ayurvedic Principles of Healthy Nutrition",
    category: "Nutrition",
    excerpt:
      "In Ayurveda, how you eat matters as much as what you eat. Learn about agni, the digestive fire, and practical ways to eat that support it every day.",
    readingMinutes: 2,
    publishedOn: "2026-09-02",
    body: [
      "Ayurveda describes digestion through the idea of agni, the digestive fire. When agni is strong and steady, food is digested well, energy is stable and the body is nourished. When it is weak or irregular, the classical texts describe heaviness, bloating, low appetite and the build-up of ama, a term for undigested residue that is considered the root of many imbalances. Whatever you think of the theory, the practical advice that comes from it is sensible and easy to follow.",
      "Eat when you are truly hungry, and at regular times. Ayurveda advises against eating again before the previous meal has been digested, which usually means leaving three to four hours between meals and avoiding constant snacking. A regular rhythm of breakfast, a substantial lunch and a lighter dinner suits most people.",
      "Favour freshly cooked, warm food. Warm meals such as dal, rice, khichdi, vegetables cooked with spices and fresh chapatis are considered easier to digest than cold, raw or heavily processed food. Leftovers that have been stored for a long time are traditionally avoided.",
      "Use digestive spices generously. Kitchen spices such as cumin, coriander, fennel, ginger, black pepper, ajwain and turmeric have been used in Indian cooking for generations, partly because they are believed to support digestion. A slice of fresh ginger with a pinch of rock salt before a meal is a classic appetiser, and a few fennel seeds after eating are a familiar sight in many Indian homes.",
      "Include all six tastes. Ayurveda recognises six tastes: sweet, sour, salty, pungent, bitter and astringent. A traditional Indian thali naturally contains all of them, from rice and jaggery to lemon, pickles, chillies, bitter gourd and lentils. A balanced plate leaves you satisfied and less likely to crave more.",
      "Pay attention to how you eat. Sit down, eat without screens, chew well and stop when you feel about three-quarters full. Sip warm water with meals rather than large amounts of iced drinks, which are believed to dampen agni.",
      "Finally, eat with the seasons. Lighter, cooling foods suit the hot months, while warming soups, ghee and root vegetables suit winter. Local, seasonal produce is usually fresher and more affordable too. If you have a medical condition such as diabetes or a food allergy, follow your doctor's or dietitian's advice first and adapt these principles around it.",
    ],
  },
  {
    slug: "restful-sleep-the-ayurvedic-way",
    title: "Restful Sleep the Ayurvedic Way: Evening Habits That Help",
    category: "Lifestyle",
    excerpt:
      "Ayurveda counts sleep as one of the three pillars of health. These gentle evening habits can help you fall asleep more easily and wake up refreshed.",
    readingMinutes: 2,
    publishedOn: "2026-08-19",
    body: [
      "Ayurveda names three pillars of life: food, sleep and a balanced use of energy. Sleep, called nidra, is considered essential for strength, good digestion, a clear mind and healthy ageing. Modern sleep science agrees that regular, sufficient sleep supports almost every aspect of health. Yet busy days, late screens and irregular schedules make good sleep difficult for many of us.",
      "According to Ayurveda, the evening hours from about six to ten o'clock are governed by Kapha, whose heavy, slow qualities make it easier to fall asleep. After ten, the Pitta period begins, and many people get a 'second wind' and find themselves wide awake. Going to bed around ten o'clock makes use of that natural drowsiness.",
      "Have an early, light dinner. A heavy meal late at night keeps digestion busy when the body should be resting. Try to finish dinner two to three hours before bed, and choose easily digested food such as soup, khichdi or vegetables with a little rice.",
      "Switch off screens. The light and stimulation from phones, televisions and laptops keep the mind alert. Set a time, about thirty to sixty minutes before bed, after which screens are put away. Reading a book, listening to calm music or chatting with family are gentler ways to end the day.",
      "Try a foot massage. Padabhyanga, massaging the soles of the feet with a little warm sesame oil or ghee, is a traditional practice for calming the mind before sleep. Five minutes is enough; wear old socks afterwards to protect the bedding.",
      "Enjoy a warm drink. A cup of warm milk, or a plant-based milk, with a pinch of nutmeg, cardamom or turmeric is a classic bedtime drink in Indian homes. Avoid tea, coffee and cola in the evening, as their caffeine can keep you awake for hours.",
      "Keep a steady rhythm. Going to bed and waking up at the same times every day, including weekends, is one of the most effective habits for better sleep. Keep your bedroom dark, quiet and comfortably cool, and use it for sleep rather than work.",
      "Occasional restless nights are normal. If poor sleep continues for several weeks, you snore loudly or stop breathing during sleep, or you feel very sleepy during the day, please see a doctor, as these can be signs of a condition that needs proper treatment.",
    ],
  },
];

/** URL value of a category tab, e.g. "herbs-remedies". */
export function categorySlug(category: BlogCategory): string {
  return category.toLowerCase().replace(/&/g, " ").trim().replace(/\s+/g, "-");
}

/** The category for a `?category=` value (its slug or its exact name), or null for "All". */
export function categoryFromParam(value: string | null): BlogCategory | null {
  if (!value) return null;
  return (
    BLOG_CATEGORIES.find((category) => categorySlug(category) === value || category === value) ??
    null
  );
}

export function findArticle(slug: string | undefined): BlogArticle | undefined {
  return BLOG_ARTICLES.find((article) => article.slug === slug);
}
