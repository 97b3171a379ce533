/**
 * Seed catalogue for the Satara Ayurveda shop: categories, products, coupons and sample reviews.
 * Pure data. All money is integer paise (₹499.00 = 49900); prices are GST-inclusive.
 */

export type SeedCategory = { slug: string; name: string; description: string; sortOrder: number };

export type ProductForm =
  | "tablet"
  | "syrup"
  | "churna"
  | "oil"
  | "capsule"
  | "kalpa"
  | "cream"
  | "juice";

export type SeedProduct = {
  slug: string;
  name: string;
  categorySlug: string;
  form: ProductForm;
  /** 1-2 sentences, shown on cards. */
  description: string;
  /** 1-2 paragraphs. */
  detailedDescription: string;
  /** Comma separated. */
  ingredients: string;
  /** Comma separated short phrases. */
  benefits: string;
  dosageInstructions: string;
  ayurvedicProperties: string;
  certifications: string[];
  /** Paise. */
  price: number;
  /** Paise; below price when set. */
  discountPrice: number | null;
  stockQuantity: number;
  isFeatured: boolean;
  hsnCode: string;
  /** Percent. */
  gstRate: number;
  /** Makes "newest first" ordering deterministic. */
  createdDaysAgo: number;
  /** Carries a Schedule E(1) ingredient: its page shows the caution (docs/decisions/073). */
  medicalSupervision?: boolean;
};

export type SeedCoupon = {
  code: string;
  discountType: "percentage" | "fixed";
  /** Whole percent for "percentage", paise for "fixed". */
  discountValue: number;
  maxDiscount: number | null;
  minOrderValue: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  expiresInDays: number | null;
  isActive: boolean;
  createdDaysAgo: number;
};

export type SeedReview = {
  productSlug: string;
  authorName: string;
  authorEmailLocalPart: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string | null;
  comment: string;
  daysAgo: number;
};

const MEDICAMENT = { hsnCode: "3004", gstRate: 5 } as const;
const COSMETIC = { hsnCode: "3304", gstRate: 18 } as const;

export const seedCategories: SeedCategory[] = [
  {
    slug: "immunity-boosters",
    name: "Immunity Boosters",
    description:
      "Rasayana formulations such as Chyawanprash, Giloy and Amla that support the body's natural defences through every season.",
    sortOrder: 1,
  },
  {
    slug: "stress-relief",
    name: "Stress Relief",
    description:
      "Calming herbs like Ashwagandha, Brahmi and Jatamansi that help you stay composed by day and rest well at night.",
    sortOrder: 2,
  },
  {
    slug: "digestive-health",
    name: "Digestive Health",
    description:
      "Classical churnas and tablets that support healthy Agni, comfortable digestion and regular bowel habits.",
    sortOrder: 3,
  },
  {
    slug: "joint-care",
    name: "Joint Care",
    description:
      "Guggulu, Shallaki and traditional massage oils that help maintain flexible joints and ease everyday stiffness.",
    sortOrder: 4,
  },
  {
    slug: "heart-health",
    name: "Heart Health",
    description:
      "Arjuna-based formulations and time-tested herbs that support a healthy heart and circulation.",
    sortOrder: 5,
  },
  {
    slug: "skin-care",
    name: "Skin Care",
    description:
      "Blood-purifying tablets and gentle herbal creams that support clear, nourished skin from within and without.",
    sortOrder: 6,
  },
  {
    slug: "womens-health",
    name: "Women's Health",
    description:
      "Shatavari and Ashoka formulations that support women at every stage, from monthly cycles to new motherhood.",
    sortOrder: 7,
  },
  {
    slug: "respiratory-care",
    name: "Respiratory Care",
    description:
      "Soothing churnas, syrups and lozenges with Vasaka, Pippali and Tulsi that support clear breathing and a comfortable throat.",
    sortOrder: 8,
  },
];

export const seedProducts: SeedProduct[] = [
  // ── The five newest featured products ────────────────────────────────────────────────────────
  {
    slug: "mauli-shatavaryadi-kalpa",
    name: "Mauli Shatavaryadi Kalpa",
    categorySlug: "womens-health",
    form: "kalpa",
    description:
      "A Shatavari-based granular tonic that supports women's strength and vitality, and healthy lactation after childbirth.",
    detailedDescription:
      "Mauli Shatavaryadi Kalpa is our house formulation built around Shatavari, the herb Ayurveda has long regarded as the foremost rasayana for women. It is combined with Vidarikanda, Jeevanti and Ashwagandha for nourishment, and with Methi, Shatapushpa and Jeeraka, which are traditionally given to new mothers to support milk flow and comfortable digestion.\n\nThe herbs are prepared as a pleasant-tasting kalpa (granules) that dissolves easily in warm milk, which makes it simple to take every day during the post-natal months or whenever the body needs extra nourishment. Pack of 400 g.",
    ingredients:
      "Shatavari (Asparagus racemosus), Vidarikanda (Pueraria tuberosa), Jeevanti (Leptadenia reticulata), Ashwagandha (Withania somnifera), Yashtimadhu (Glycyrrhiza glabra), Methi (Trigonella foenum-graecum), Shatapushpa (Anethum sowa), Jeeraka (Cuminum cyminum), Ela (Elettaria cardamomum), Sharkara (sugar base)",
    benefits:
      "Supports healthy lactation, Nourishes and strengthens after childbirth, Supports hormonal balance, Helps maintain energy and vitality, Gentle on digestion",
    dosageInstructions:
      "2 teaspoons (about 10 g) twice daily, stirred into a cup of warm milk, or as directed by your physician. Nursing mothers should consult their physician before starting.",
    ayurvedicProperties:
      "Rasa: Madhura, Tikta; Guna: Guru, Snigdha; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Vata and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 44900,
    discountPrice: 39900,
    stockQuantity: 64,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 1,
  },
  {
    slug: "uroflam-syrup",
    name: "Uroflam Syrup",
    categorySlug: "womens-health",
    form: "syrup",
    description:
      "A cooling herbal syrup with Gokshura, Punarnava and Varuna that supports urinary tract comfort and healthy urine flow.",
    detailedDescription:
      "Uroflam Syrup brings together herbs that Ayurveda has traditionally used for the mutravaha srotas, the urinary channels. Gokshura, Punarnava and Varuna support healthy flow and the natural flushing of the tract, Pashanabheda is the classical herb for the kidneys and bladder, and cooling Chandana and Ushira help soothe the burning sensation that comes with excess Pitta.\n\nIt is especially popular with women, who are more prone to recurring urinary discomfort, and is best taken with plenty of water through the day. Bottle of 200 ml.",
    ingredients:
      "Gokshura (Tribulus terrestris), Punarnava (Boerhavia diffusa), Varuna (Crataeva nurvala), Pashanabheda (Bergenia ligulata), Shweta Chandana (Santalum album), Ushira (Vetiveria zizanioides), Dhanyaka (Coriandrum sativum), Yashtimadhu (Glycyrrhiza glabra), Sharkara (syrup base)",
    benefits:
      "Supports urinary tract comfort, Helps soothe burning sensation, Supports healthy urine flow, Cooling for excess Pitta, Supports kidney and bladder health",
    dosageInstructions:
      "10-15 ml (2-3 teaspoons) twice or thrice daily after meals, with water, or as directed by your physician. Shake well before use.",
    ayurvedicProperties:
      "Rasa: Madhura, Tikta, Kashaya; Guna: Laghu, Snigdha; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Pitta and Vata",
    certifications: ["GMP Certified", "AYUSH Approved", "FDA Approved"],
    price: 18500,
    discountPrice: 16500,
    stockQuantity: 88,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 2,
  },
  {
    slug: "aceemal-tablet",
    name: "Aceemal Tablet",
    categorySlug: "digestive-health",
    form: "tablet",
    description:
      "Cooling Amalaki and Yashtimadhu with classical calcium bhasmas to help relieve acidity, heartburn and sour belching.",
    detailedDescription:
      "Aceemal Tablet is formulated for amlapitta, the Ayurvedic picture of hyperacidity, where aggravated Pitta brings a burning chest, sour belching and discomfort after spicy or late meals. Amalaki, Yashtimadhu and Shatavari soothe and protect, while Praval Pishti and Mukta Shukti Bhasma are traditional cooling antacids.\n\nGuduchi, Dhanyaka and a little Shunthi support digestion so that relief does not come at the cost of a sluggish stomach. Chewable or swallowed, it is handy to keep in the bag for travel and festive meals. Pack of 60 tablets.",
    ingredients:
      "Amalaki (Emblica officinalis), Yashtimadhu (Glycyrrhiza glabra), Shatavari (Asparagus racemosus), Guduchi (Tinospora cordifolia), Dhanyaka (Coriandrum sativum), Shunthi (Zingiber officinale), Praval Pishti (coral calcium), Mukta Shukti Bhasma (pearl oyster shell calx), Shankha Bhasma (conch shell calx)",
    benefits:
      "Helps relieve acidity and heartburn, Soothes the stomach lining, Reduces sour belching, Supports healthy digestion, Cooling for excess Pitta",
    dosageInstructions:
      "1-2 tablets twice daily after meals, chewed or swallowed with water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Madhura, Tikta, Kashaya; Guna: Laghu, Snigdha; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Pitta",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 21000,
    discountPrice: 18900,
    stockQuantity: 140,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 3,
  },
  {
    slug: "arshalit-tablet",
    name: "Arshalit Tablet",
    categorySlug: "digestive-health",
    form: "tablet",
    description:
      "A herbal tablet with Haritaki, Surana and Nagakesara that supports comfort in piles and helps keep bowel movements easy.",
    detailedDescription:
      "Arshalit Tablet is made for arsha (piles), which Ayurveda links closely to constipation and weak digestion. Haritaki and Surana, the classical herbs for arsha, keep the bowels soft and regular, while Nagakesara, Kutaja and Daruharidra help reduce bleeding tendency, itching and local discomfort.\n\nShuddha Guggulu and Chitraka support circulation and digestive fire. For best results, take it alongside a fibre-rich diet, plenty of water and the avoidance of long hours of sitting. Pack of 60 tablets.",
    ingredients:
      "Haritaki (Terminalia chebula), Surana (Amorphophallus campanulatus), Nagakesara (Mesua ferrea), Kutaja (Holarrhena antidysenterica), Daruharidra (Berberis aristata), Rasanjana (Berberis aristata extract), Mahanimba (Melia azedarach), Chitraka (Plumbago zeylanica), Shuddha Guggulu (Commiphora mukul), Shuddha Bhallataka (purified Semecarpus anacardium)",
    benefits:
      "Supports comfort in piles, Helps relieve constipation, Helps reduce itching and irritation, Supports healthy bowel movement, Supports healthy digestion",
    dosageInstructions:
      "2 tablets twice daily after meals with lukewarm water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Kashaya, Tikta, Katu; Guna: Laghu, Ruksha; Virya: Ushna; Vipaka: Madhura; Dosha: Balances Vata and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "FDA Approved"],
    price: 24500,
    discountPrice: 21900,
    stockQuantity: 96,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 4,
    // Bhallataka is a Schedule E(1) ingredient (Drugs and Cosmetics Rules 1945).
    medicalSupervision: true,
  },
  {
    slug: "mauderma-tablet",
    name: "Mauderma Tablet",
    categorySlug: "skin-care",
    form: "tablet",
    description:
      "A blood-purifying tablet with Manjishtha, Neem and Khadira that supports clear, healthy skin from within.",
    detailedDescription:
      "Ayurveda sees many skin complaints, from acne to dull or itchy skin, as a sign of impure rakta (blood) and excess Pitta and Kapha. Mauderma Tablet combines the great rakta-shodhak herbs Manjishtha, Nimba, Khadira and Sariva with Haridra and Guduchi to support the body's natural cleansing.\n\nChopchini and a small amount of Gandhaka Rasayana complete the formula, as in many classical skin preparations. Take it steadily for a few weeks alongside a light, less oily diet for best results. Pack of 60 tablets.",
    ingredients:
      "Manjishtha (Rubia cordifolia), Nimba (Azadirachta indica), Khadira (Acacia catechu), Sariva (Hemidesmus indicus), Haridra (Curcuma longa), Guduchi (Tinospora cordifolia), Chopchini (Smilax china), Gandhaka Rasayana (purified sulphur preparation)",
    benefits:
      "Supports natural blood purification, Helps maintain clear skin, Helps soothe itching, Supports a healthy complexion, Supports skin from within",
    dosageInstructions:
      "2 tablets twice daily after meals with water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Tikta, Kashaya; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 26000,
    discountPrice: 22900,
    stockQuantity: 72,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 5,
  },

  // ── Immunity Boosters ────────────────────────────────────────────────────────────────────────
  {
    slug: "chyawanprash-special",
    name: "Chyawanprash Special",
    categorySlug: "immunity-boosters",
    form: "kalpa",
    description:
      "Our classical Chyawanprash with fresh Amla, over forty herbs, saffron and pure cow ghee, to support immunity and strength all year.",
    detailedDescription:
      "Chyawanprash is the best-known rasayana of Ayurveda, described in the Charaka Samhita. We cook fresh Satara Amla with a decoction of Dashamoola and more than forty other herbs, then finish it in cow ghee and sesame oil with honey, Pippali, Vanshalochan, cardamom and a generous measure of Kesar.\n\nA spoonful a day supports the body's natural defences, respiratory strength and energy, and it is suitable for the whole family from the age of five.",
    ingredients:
      "Amalaki (Emblica officinalis), Dashamoola (ten roots), Pippali (Piper longum), Vanshalochan (Bambusa arundinacea), Ela (Elettaria cardamomum), Twak (Cinnamomum zeylanicum), Kesar (Crocus sativus), Goghrita (cow ghee), Tila Taila (sesame oil), Madhu (honey), Sharkara (sugar)",
    benefits:
      "Supports natural immunity, Supports respiratory strength, Helps maintain energy and stamina, Rich natural source of Amla, Suitable for the whole family",
    dosageInstructions:
      "Adults: 1-2 teaspoons (10-12 g) once or twice daily, followed by warm milk. Children above 5 years: 1 teaspoon daily. Or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Madhura, Amla, Kashaya; Guna: Guru, Snigdha; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015", "FDA Approved"],
    price: 119900,
    discountPrice: 104900,
    stockQuantity: 45,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 12,
  },
  {
    slug: "giloy-ghan-vati",
    name: "Giloy Ghan Vati",
    categorySlug: "immunity-boosters",
    form: "tablet",
    description:
      "Concentrated Guduchi (Giloy) extract tablets that support immunity and the body's response to seasonal changes.",
    detailedDescription:
      "Guduchi is called Amrita, the herb of immortality, in the classical texts. Ghan Vati is prepared by slowly reducing a decoction of the fresh stem to a solid extract (ghana), so each tablet carries the strength of many times its weight in the raw herb.\n\nIt is a simple, single-herb way to support immunity during monsoon and winter, and to support recovery and appetite after a bout of seasonal fever.",
    ingredients: "Guduchi Ghana (Tinospora cordifolia stem extract)",
    benefits:
      "Supports natural immunity, Supports the body during seasonal changes, Helps maintain healthy metabolism, Supports recovery and appetite, Single-herb formula",
    dosageInstructions:
      "1-2 tablets twice daily after meals with water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Tikta, Kashaya; Guna: Guru, Snigdha; Virya: Ushna; Vipaka: Madhura; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 19000,
    discountPrice: 16900,
    stockQuantity: 150,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 40,
  },
  {
    slug: "amla-juice",
    name: "Amla Juice",
    categorySlug: "immunity-boosters",
    form: "juice",
    description:
      "Cold-pressed Indian gooseberry juice with no added sugar, a natural source of vitamin C for everyday immunity.",
    detailedDescription:
      "Amalaki is the most prized rejuvenating fruit in Ayurveda and the base of Chyawanprash itself. Our Amla Juice is pressed from whole organically grown fruit from farms around Satara and bottled without added sugar, colour or flavour.\n\nA small measure in water each morning supports immunity, digestion and healthy hair and skin. It tastes sour and astringent, just as fresh amla should.",
    ingredients: "Amalaki juice (Emblica officinalis), permitted class II preservative",
    benefits:
      "Natural source of vitamin C, Supports natural immunity, Supports healthy digestion, Supports healthy hair and skin, No added sugar",
    dosageInstructions:
      "20-30 ml mixed in a glass of water, once daily on an empty stomach in the morning, or as directed by your physician. Refrigerate after opening and use within 30 days.",
    ayurvedicProperties:
      "Rasa: Amla, Madhura, Kashaya, Tikta, Katu; Guna: Guru, Ruksha; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "Organic", "ISO 9001:2015"],
    price: 22000,
    discountPrice: 19500,
    stockQuantity: 110,
    isFeatured: false,
    hsnCode: "2009",
    gstRate: 12,
    createdDaysAgo: 33,
  },
  {
    slug: "shilajit-capsule",
    name: "Shilajit Capsule",
    categorySlug: "immunity-boosters",
    form: "capsule",
    description:
      "Purified Himalayan Shilajit capsules, a classical rasayana that supports stamina, strength and overall vitality.",
    detailedDescription:
      "Shilajit is a mineral-rich resin that seeps from Himalayan rocks in summer. Raw Shilajit must be purified (shodhana) before use, and ours is processed the classical way with a Triphala decoction and sun-drying before it is filled into capsules.\n\nIt is traditionally used as a rasayana for strength, stamina and healthy ageing, and it is best taken with warm milk. Pack of 60 capsules, 500 mg each.",
    ingredients:
      "Shuddha Shilajit (purified Asphaltum punjabianum), Triphala (Amalaki, Bibhitaki, Haritaki) used for purification",
    benefits:
      "Supports stamina and endurance, Helps maintain energy and vitality, Supports healthy ageing, Supports strength and recovery, Purified by classical method",
    dosageInstructions:
      "1 capsule twice daily with warm milk after meals, or as directed by your physician. Not recommended during pregnancy.",
    ayurvedicProperties:
      "Rasa: Tikta, Katu, Kashaya; Guna: Guru, Snigdha; Virya: Anushnasheeta; Vipaka: Katu; Dosha: Balances Kapha and Vata",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 145000,
    discountPrice: 129900,
    stockQuantity: 5,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 58,
  },

  // ── Stress Relief ────────────────────────────────────────────────────────────────────────────
  {
    slug: "ashwagandha-tablet",
    name: "Ashwagandha Tablet",
    categorySlug: "stress-relief",
    form: "tablet",
    description:
      "Standardised Ashwagandha root tablets that help the body manage everyday stress and support restful sleep and strength.",
    detailedDescription:
      "Ashwagandha is the best-known adaptogen of Ayurveda and a classical rasayana for Vata. Each tablet combines Ashwagandha root powder with a concentrated root extract, so you get the whole-root tradition with a dependable daily strength.\n\nTaken regularly, it helps the body cope with work pressure and long days, supports calm and restful sleep, and supports muscle strength and stamina.",
    ingredients:
      "Ashwagandha root extract (Withania somnifera), Ashwagandha root powder (Withania somnifera)",
    benefits:
      "Helps manage everyday stress, Supports restful sleep, Supports strength and stamina, Helps maintain calm focus, Classical Vata rasayana",
    dosageInstructions:
      "1 tablet twice daily after meals with warm milk or water, or as directed by your physician. Consult your physician if you are pregnant or have a thyroid condition.",
    ayurvedicProperties:
      "Rasa: Tikta, Katu, Madhura; Guna: Laghu, Snigdha; Virya: Ushna; Vipaka: Madhura; Dosha: Balances Vata and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015", "FDA Approved"],
    price: 39900,
    discountPrice: 34900,
    stockQuantity: 180,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 20,
  },
  {
    slug: "brahmi-vati",
    name: "Brahmi Vati",
    categorySlug: "stress-relief",
    form: "tablet",
    description:
      "A classical blend of Brahmi, Shankhapushpi and Vacha that supports memory, concentration and a calm mind.",
    detailedDescription:
      "Brahmi is the foremost medhya (mind-nourishing) herb of Ayurveda. In Brahmi Vati it is joined by Shankhapushpi, Vacha and Jatamansi, herbs traditionally used together to support memory and clear thinking while keeping the mind settled.\n\nIt suits students before examinations, professionals with demanding schedules and older adults who want to stay sharp.",
    ingredients:
      "Brahmi (Bacopa monnieri), Shankhapushpi (Convolvulus pluricaulis), Vacha (Acorus calamus), Jatamansi (Nardostachys jatamansi), Jyotishmati (Celastrus paniculatus), Yashtimadhu (Glycyrrhiza glabra)",
    benefits:
      "Supports memory and concentration, Helps maintain a calm mind, Supports restful sleep, Helps manage mental fatigue, Suitable for students",
    dosageInstructions:
      "1-2 tablets twice daily after meals with warm milk or water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Tikta, Kashaya, Madhura; Guna: Laghu; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 26000,
    discountPrice: 23500,
    stockQuantity: 85,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 47,
  },
  {
    slug: "jatamansi-capsule",
    name: "Jatamansi Capsule",
    categorySlug: "stress-relief",
    form: "capsule",
    description:
      "Pure Jatamansi root capsules that help you unwind in the evening and support natural, restful sleep.",
    detailedDescription:
      "Jatamansi, the fragrant spikenard root of the high Himalaya, has been used in Ayurveda for centuries to calm a restless mind. It is cooling and grounding, which makes it especially suited to racing thoughts and the light, broken sleep of aggravated Vata and Pitta.\n\nWe fill each capsule with finely powdered root from sustainably sourced stock. It is not habit-forming and works best as part of a regular bedtime routine. Pack of 60 capsules.",
    ingredients: "Jatamansi root powder (Nardostachys jatamansi)",
    benefits:
      "Supports natural, restful sleep, Helps calm a restless mind, Helps manage everyday stress, Not habit-forming, Single-herb formula",
    dosageInstructions:
      "1-2 capsules with warm milk or water, an hour before bedtime, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Tikta, Kashaya, Madhura; Guna: Laghu, Snigdha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 32000,
    discountPrice: 28500,
    stockQuantity: 8,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 71,
  },
  {
    slug: "ksheerabala-101-taila",
    name: "Ksheerabala 101 Taila",
    categorySlug: "stress-relief",
    form: "oil",
    description:
      "Bala and milk in sesame oil, processed 101 times, for a soothing head and body massage that calms the nerves.",
    detailedDescription:
      "Ksheerabala Taila is a classical Kerala preparation of Bala root, cow's milk and sesame oil. In the 101 Avartana version the oil is processed again with fresh Bala and milk one hundred and one times, a slow process that makes it far more concentrated than the ordinary oil.\n\nA gentle massage of the scalp, temples and soles at bedtime helps settle Vata, relax tired nerves and support restful sleep. Bottle of 50 ml.",
    ingredients: "Bala (Sida cordifolia), Ksheera (cow's milk), Tila Taila (sesame oil)",
    benefits:
      "Soothes and relaxes the nerves, Supports restful sleep, Calms aggravated Vata, Nourishes the scalp and skin, 101 times processed",
    dosageInstructions:
      "Warm a few drops and massage gently into the scalp, temples and soles at bedtime, or as directed by your physician. For external use only.",
    ayurvedicProperties:
      "Rasa: Madhura; Guna: Guru, Snigdha, Picchila; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Vata and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved", "Cruelty Free"],
    price: 112000,
    discountPrice: 101500,
    stockQuantity: 10,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 95,
  },

  // ── Digestive Health ─────────────────────────────────────────────────────────────────────────
  {
    slug: "triphala-churna",
    name: "Triphala Churna",
    categorySlug: "digestive-health",
    form: "churna",
    description:
      "The classical blend of Amalaki, Bibhitaki and Haritaki that supports gentle, regular bowel movement and daily detox.",
    detailedDescription:
      "Triphala, the three fruits, is perhaps the most widely used formula in Ayurveda. Equal parts of seedless Amalaki, Bibhitaki and Haritaki are sun-dried and finely powdered to make a gentle daily cleanser that balances all three doshas.\n\nTaken at night with warm water, it supports regular, comfortable bowel movement without dependence, and it is also a traditional rasayana for the eyes.",
    ingredients:
      "Amalaki (Emblica officinalis), Bibhitaki (Terminalia bellirica), Haritaki (Terminalia chebula)",
    benefits:
      "Supports regular bowel movement, Gentle daily detox, Supports healthy digestion, Supports eye health, Balances all three doshas",
    dosageInstructions:
      "1 teaspoon (3-5 g) with a cup of warm water at bedtime, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Madhura, Amla, Katu, Tikta, Kashaya; Guna: Laghu, Ruksha; Virya: Anushna; Vipaka: Madhura; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015", "Organic"],
    price: 14000,
    discountPrice: 12500,
    stockQuantity: 200,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 110,
  },
  {
    slug: "avipattikar-churna",
    name: "Avipattikar Churna",
    categorySlug: "digestive-health",
    form: "churna",
    description:
      "A classical cooling churna that helps relieve acidity and supports easy bowel movement.",
    detailedDescription:
      "Avipattikar Churna is described in the Bhaishajya Ratnavali for amlapitta. Trivrit gently clears excess Pitta through the bowels, while Triphala, Trikatu, Musta and cardamom keep digestion active, all balanced in a sugar base that makes the powder pleasant to take.\n\nIt suits people who feel acidity together with a heavy, constipated stomach.",
    ingredients:
      "Trivrit (Operculina turpethum), Sharkara (sugar), Lavanga (Syzygium aromaticum), Shunthi (Zingiber officinale), Pippali (Piper longum), Maricha (Piper nigrum), Amalaki (Emblica officinalis), Bibhitaki (Terminalia bellirica), Haritaki (Terminalia chebula), Musta (Cyperus rotundus), Vidanga (Embelia ribes), Ela (Elettaria cardamomum), Tejpatra (Cinnamomum tamala)",
    benefits:
      "Helps relieve acidity, Supports easy bowel movement, Reduces heaviness after meals, Supports healthy appetite, Classical Bhaishajya Ratnavali formula",
    dosageInstructions:
      "1 teaspoon (3-6 g) with water before meals, once or twice daily, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Madhura, Tikta, Katu; Guna: Laghu; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 16500,
    discountPrice: 14900,
    stockQuantity: 130,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 64,
  },
  {
    slug: "hingvastak-churna",
    name: "Hingvastak Churna",
    categorySlug: "digestive-health",
    form: "churna",
    description:
      "Asafoetida with the three pungents, cumin and rock salt, a classical churna that helps relieve gas and bloating.",
    detailedDescription:
      "Hingvastak Churna, the eight-ingredient formula with hing, is one of the oldest remedies for a bloated, gassy stomach and poor appetite. Shunthi, Pippali and Maricha kindle Agni, the two cumins and Ajmoda relieve wind, and Saindhava salt makes it taste much like a good chaat masala.\n\nTraditionally it is mixed with the first morsel of rice and ghee at lunch. Pack of 100 g.",
    ingredients:
      "Hingu (Ferula asafoetida), Shunthi (Zingiber officinale), Pippali (Piper longum), Maricha (Piper nigrum), Ajmoda (Apium graveolens), Jeeraka (Cuminum cyminum), Krishna Jeeraka (Carum carvi), Saindhava Lavana (rock salt)",
    benefits:
      "Helps relieve gas and bloating, Supports healthy appetite, Kindles digestive fire, Eases heaviness after meals, Pleasant taste",
    dosageInstructions:
      "1/2 to 1 teaspoon (2-3 g) with the first morsel of food and a little ghee, or with warm water before meals, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Katu, Lavana; Guna: Laghu, Tikshna; Virya: Ushna; Vipaka: Katu; Dosha: Balances Vata and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 15500,
    discountPrice: null,
    stockQuantity: 75,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 88,
  },
  {
    slug: "aloe-vera-juice",
    name: "Aloe Vera Juice",
    categorySlug: "digestive-health",
    form: "juice",
    description:
      "Pure inner-leaf Kumari (aloe vera) juice that supports comfortable digestion and a cool, calm stomach.",
    detailedDescription:
      "Kumari is cooling and gently cleansing in Ayurveda and has long been used for a hot, acidic stomach. We use only the clear inner-leaf gel, with the bitter yellow latex removed, so the juice is mild and suitable for daily use.\n\nIt supports comfortable digestion and regularity, and many customers take it in summer for its cooling nature.",
    ingredients: "Kumari inner-leaf juice (Aloe barbadensis), permitted class II preservative",
    benefits:
      "Supports comfortable digestion, Cooling for excess Pitta, Supports regularity, Supports healthy skin from within, Latex-free inner leaf",
    dosageInstructions:
      "20-30 ml mixed in a glass of water on an empty stomach in the morning, or as directed by your physician. Not recommended during pregnancy. Refrigerate after opening.",
    ayurvedicProperties:
      "Rasa: Tikta, Madhura; Guna: Guru, Snigdha, Picchila; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Vata, Pitta and Kapha",
    certifications: ["GMP Certified", "Organic", "ISO 9001:2015"],
    price: 24900,
    discountPrice: 21900,
    stockQuantity: 60,
    isFeatured: false,
    hsnCode: "2202",
    gstRate: 12,
    createdDaysAgo: 26,
  },

  // ── Joint Care ───────────────────────────────────────────────────────────────────────────────
  {
    slug: "mahanarayan-oil",
    name: "Mahanarayan Oil",
    categorySlug: "joint-care",
    form: "oil",
    description:
      "The classical massage oil for joints and muscles, with Bala, Ashwagandha and Shatavari cooked in sesame oil and milk.",
    detailedDescription:
      "Mahanarayan Taila is among the most trusted external preparations for Vata disorders of the joints and muscles. Dozens of herbs, led by Bala, Ashwagandha, Shatavari and the Dashamoola roots, are cooked slowly in sesame oil with milk until the oil has taken on their properties.\n\nWarm massage eases stiffness in the knees, back and shoulders, and it is also used after exercise and for the elderly.",
    ingredients:
      "Bala (Sida cordifolia), Ashwagandha (Withania somnifera), Shatavari (Asparagus racemosus), Dashamoola (ten roots), Rasna (Pluchea lanceolata), Devadaru (Cedrus deodara), Eranda (Ricinus communis), Karpura (Cinnamomum camphora), Ksheera (cow's milk), Tila Taila (sesame oil)",
    benefits:
      "Helps ease joint stiffness, Soothes tired muscles, Supports flexibility and mobility, Calms aggravated Vata, Suitable for the elderly",
    dosageInstructions:
      "Warm slightly and massage gently over the affected joints or muscles for 10-15 minutes, once or twice daily, then apply mild warmth, or as directed by your physician. For external use only.",
    ayurvedicProperties:
      "Rasa: Madhura, Tikta; Guna: Guru, Snigdha; Virya: Ushna; Vipaka: Madhura; Dosha: Balances Vata",
    certifications: ["GMP Certified", "AYUSH Approved", "Cruelty Free"],
    price: 29500,
    discountPrice: 26500,
    stockQuantity: 95,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 52,
  },
  {
    slug: "yograj-guggulu",
    name: "Yograj Guggulu",
    categorySlug: "joint-care",
    form: "tablet",
    description:
      "A classical Guggulu formulation that supports joint comfort and mobility and helps clear stiffness caused by Vata.",
    detailedDescription:
      "Yograj Guggulu, described in the Sharangadhara Samhita, pairs purified Guggulu resin with Triphala, Chitraka, the pungent spices and many other herbs. Guggulu carries the formula deep into the joints and tissues, while the digestive herbs help clear ama, which Ayurveda holds responsible for heaviness and stiffness.\n\nIt is most often chosen for stiffness of the knees, back and small joints, especially in the morning. Pack of 60 tablets.",
    ingredients:
      "Shuddha Guggulu (Commiphora mukul), Triphala (Amalaki, Bibhitaki, Haritaki), Chitraka (Plumbago zeylanica), Pippali (Piper longum), Shunthi (Zingiber officinale), Maricha (Piper nigrum), Vidanga (Embelia ribes), Rasna (Pluchea lanceolata), Gokshura (Tribulus terrestris), Devadaru (Cedrus deodara)",
    benefits:
      "Supports joint comfort, Helps maintain mobility, Helps ease morning stiffness, Supports digestion and clearing of ama, Classical Sharangadhara formula",
    dosageInstructions:
      "2 tablets twice daily after meals with warm water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Tikta, Katu; Guna: Laghu, Ruksha, Tikshna; Virya: Ushna; Vipaka: Katu; Dosha: Balances Vata and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 28000,
    discountPrice: 25200,
    stockQuantity: 120,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 80,
  },
  {
    slug: "shallaki-capsule",
    name: "Shallaki Capsule",
    categorySlug: "joint-care",
    form: "capsule",
    description:
      "Standardised Shallaki (Boswellia) resin extract capsules that help maintain healthy, comfortable joints.",
    detailedDescription:
      "Shallaki, the Indian frankincense tree, yields a gum resin that Ayurveda has long used for joint health. Our capsules contain an extract standardised for boswellic acids, so every capsule delivers a dependable strength.\n\nIt is well suited to active people and older adults who want to stay on their feet, and it can be taken alongside Mahanarayan Oil massage.",
    ingredients: "Shallaki gum resin extract (Boswellia serrata), standardised for boswellic acids",
    benefits:
      "Helps maintain healthy joints, Supports joint comfort, Supports mobility and flexibility, Standardised extract, Suits active lifestyles",
    dosageInstructions:
      "1 capsule twice daily after meals with water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Kashaya, Tikta, Madhura; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Kapha and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 45000,
    discountPrice: 39900,
    stockQuantity: 66,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 37,
  },

  // ── Heart Health ─────────────────────────────────────────────────────────────────────────────
  {
    slug: "arjuna-capsule",
    name: "Arjuna Capsule",
    categorySlug: "heart-health",
    form: "capsule",
    description:
      "Arjuna bark extract capsules that support healthy heart function and help maintain healthy blood pressure.",
    detailedDescription:
      "The bark of the Arjuna tree is the classical hridya (heart-supporting) herb of Ayurveda, praised since the time of Vagbhata. Each capsule contains a concentrated bark extract, giving you the strength of a traditional Arjuna decoction without the daily boiling.\n\nIt supports the heart muscle, healthy cholesterol levels and healthy blood pressure, and works best alongside regular walks and a balanced diet. Pack of 60 capsules.",
    ingredients: "Arjuna bark extract (Terminalia arjuna), Arjuna bark powder (Terminalia arjuna)",
    benefits:
      "Supports healthy heart function, Helps maintain healthy blood pressure, Supports healthy cholesterol levels, Supports circulation, Classical hridya herb",
    dosageInstructions:
      "1 capsule twice daily after meals with water or warm milk, or as directed by your physician. If you take heart or blood pressure medicines, consult your physician first.",
    ayurvedicProperties:
      "Rasa: Kashaya; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Kapha and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 34900,
    discountPrice: 31500,
    stockQuantity: 120,
    isFeatured: true,
    ...MEDICAMENT,
    createdDaysAgo: 15,
  },
  {
    slug: "arjunarishta",
    name: "Arjunarishta",
    categorySlug: "heart-health",
    form: "syrup",
    description:
      "A classical self-fermented Arjuna tonic with Draksha and Madhuka that supports heart health and calm, steady energy.",
    detailedDescription:
      "Arjunarishta, also called Parthadyarishta, is prepared as in the Bhaishajya Ratnavali: a decoction of Arjuna bark is fermented slowly with Draksha, Madhuka flowers and jaggery, using Dhataki flowers to start the natural fermentation.\n\nThe arishta form is absorbed easily and also kindles digestion. It is a traditional choice for supporting the heart and for palpitations and restlessness brought on by stress.",
    ingredients:
      "Arjuna bark (Terminalia arjuna), Draksha (Vitis vinifera), Madhuka flowers (Madhuca indica), Dhataki flowers (Woodfordia fruticosa), Guda (jaggery)",
    benefits:
      "Supports healthy heart function, Supports healthy circulation, Helps maintain calm and steady energy, Supports digestion, Classical fermented preparation",
    dosageInstructions:
      "15-30 ml mixed with an equal quantity of water, twice daily after meals, or as directed by your physician. Contains self-generated alcohol.",
    ayurvedicProperties:
      "Rasa: Kashaya, Madhura; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Kapha and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 21000,
    discountPrice: 18900,
    stockQuantity: 54,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 99,
  },
  {
    slug: "lasuna-capsule",
    name: "Lasuna Capsule",
    categorySlug: "heart-health",
    form: "capsule",
    description:
      "Low-odour garlic (Lasuna) capsules that help maintain healthy cholesterol levels and circulation.",
    detailedDescription:
      "Lasuna, garlic, is described in Ayurveda as a rasayana for Vata and Kapha and has long been valued for the heart and circulation. Our capsules contain carefully dried garlic powder, so you get its benefits without chewing raw cloves or a strong after-taste.\n\nOne capsule a day is an easy way to support healthy cholesterol and blood flow as part of a heart-friendly routine. Pack of 60 capsules.",
    ingredients: "Lasuna bulb powder (Allium sativum)",
    benefits:
      "Helps maintain healthy cholesterol levels, Supports healthy circulation, Supports heart health, Low odour, Single-herb formula",
    dosageInstructions:
      "1 capsule once or twice daily after meals with water, or as directed by your physician. Consult your physician if you take blood-thinning medicines.",
    ayurvedicProperties:
      "Rasa: Katu, Madhura, Lavana, Tikta, Kashaya; Guna: Guru, Snigdha, Tikshna; Virya: Ushna; Vipaka: Katu; Dosha: Balances Vata and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 19900,
    discountPrice: null,
    stockQuantity: 0,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 120,
  },

  // ── Skin Care ────────────────────────────────────────────────────────────────────────────────
  {
    slug: "kumkumadi-cream",
    name: "Kumkumadi Cream",
    categorySlug: "skin-care",
    form: "cream",
    description:
      "A light saffron face cream based on the classical Kumkumadi Taila, for an even, radiant complexion.",
    detailedDescription:
      "Kumkumadi Taila is the celebrated varnya (complexion-enhancing) oil of Ayurveda, made with pure saffron, Manjishtha, Chandana and lotus. We have brought its herbs into a light, non-greasy cream that suits Indian skin and humid weather better than an oil.\n\nUsed every night, it helps even out skin tone, soften the look of dark spots and keep the skin supple and glowing. Jar of 50 g.",
    ingredients:
      "Kumkuma (Crocus sativus), Manjishtha (Rubia cordifolia), Chandana (Santalum album), Yashtimadhu (Glycyrrhiza glabra), Kamala (Nelumbo nucifera), Haridra (Curcuma longa), Vata ankura (Ficus benghalensis buds), Tila Taila (sesame oil), aloe vera cream base",
    benefits:
      "Helps even out skin tone, Helps reduce the look of dark spots, Keeps skin soft and supple, Light and non-greasy, Real saffron",
    dosageInstructions:
      "Apply a small amount to clean face and neck at night and massage gently in upward strokes, or as directed by your physician. Do a patch test before first use. For external use only.",
    ayurvedicProperties:
      "Rasa: Tikta, Madhura; Guna: Snigdha; Virya: Sheeta; Vipaka: Madhura; Dosha: Balances Vata and Pitta",
    certifications: ["GMP Certified", "Cruelty Free", "ISO 9001:2015"],
    price: 115000,
    discountPrice: 103500,
    stockQuantity: 3,
    isFeatured: false,
    ...COSMETIC,
    createdDaysAgo: 30,
  },
  {
    slug: "neem-capsule",
    name: "Neem Capsule",
    categorySlug: "skin-care",
    form: "capsule",
    description:
      "Pure Neem leaf capsules that support clear skin and the body's natural blood purification.",
    detailedDescription:
      "Nimba, the neem tree, is the everyday skin herb of every Indian household. Its bitter, cooling leaves are the classical choice for clearing excess Pitta and Kapha from the blood and skin.\n\nOur capsules contain shade-dried neem leaf powder, an easy alternative to chewing the bitter leaves. It is popular with teenagers and adults prone to breakouts.",
    ingredients: "Nimba leaf powder (Azadirachta indica)",
    benefits:
      "Supports clear skin, Supports natural blood purification, Helps manage occasional breakouts, Cooling for excess Pitta, Single-herb formula",
    dosageInstructions:
      "1 capsule twice daily after meals with water, or as directed by your physician. Not recommended during pregnancy.",
    ayurvedicProperties:
      "Rasa: Tikta, Kashaya; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "Organic"],
    price: 18000,
    discountPrice: 15900,
    stockQuantity: 140,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 76,
  },
  {
    slug: "haridra-khand",
    name: "Haridra Khand",
    categorySlug: "skin-care",
    form: "kalpa",
    description:
      "A classical turmeric granule preparation that supports skin comfort during seasonal allergies and itching.",
    detailedDescription:
      "Haridra Khand, from the Bhaishajya Ratnavali, is prepared by cooking turmeric in cow's milk and ghee and blending it with Trikatu, Triphala, Vidanga and other herbs in a sugar base. It has been used for generations for skin rashes, itching and allergic tendencies that flare up with the change of season.\n\nThe granules are easy to take with warm milk or water and are suitable for adults and older children. Pack of 200 g.",
    ingredients:
      "Haridra (Curcuma longa), Goghrita (cow ghee), Ksheera (cow's milk), Shunthi (Zingiber officinale), Pippali (Piper longum), Maricha (Piper nigrum), Triphala (Amalaki, Bibhitaki, Haritaki), Vidanga (Embelia ribes), Nagakesara (Mesua ferrea), Trivrit (Operculina turpethum), Sharkara (sugar)",
    benefits:
      "Supports skin comfort, Helps soothe itching and rashes, Supports the body during seasonal allergies, Supports natural immunity, Classical Bhaishajya Ratnavali formula",
    dosageInstructions:
      "1-2 teaspoons (3-6 g) twice daily with warm milk or water, or as directed by your physician. Children above 8 years: half the adult dose.",
    ayurvedicProperties:
      "Rasa: Katu, Tikta, Madhura; Guna: Laghu, Ruksha; Virya: Ushna; Vipaka: Katu; Dosha: Balances Kapha and Vata",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 23000,
    discountPrice: 20500,
    stockQuantity: 48,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 105,
  },

  // ── Women's Health ───────────────────────────────────────────────────────────────────────────
  {
    slug: "ashokarishta",
    name: "Ashokarishta",
    categorySlug: "womens-health",
    form: "syrup",
    description:
      "The classical Ashoka bark tonic that supports a regular, comfortable menstrual cycle.",
    detailedDescription:
      "Ashokarishta is one of the most widely used women's tonics in Ayurveda. Ashoka bark, whose name means 'without sorrow', is fermented with Dhataki flowers, jaggery and herbs such as Musta, Shunthi, Daruharidra and Amalaki, following the Bhaishajya Ratnavali.\n\nIt supports a regular cycle and helps ease cramps, heavy flow and the tiredness that can come with them.",
    ingredients:
      "Ashoka bark (Saraca asoca), Dhataki flowers (Woodfordia fruticosa), Guda (jaggery), Musta (Cyperus rotundus), Shunthi (Zingiber officinale), Daruharidra (Berberis aristata), Utpala (Nymphaea stellata), Amalaki (Emblica officinalis), Haritaki (Terminalia chebula), Jeeraka (Cuminum cyminum), Chandana (Santalum album)",
    benefits:
      "Supports a regular menstrual cycle, Helps ease menstrual cramps, Helps maintain healthy flow, Supports uterine health, Classical women's tonic",
    dosageInstructions:
      "15-30 ml mixed with an equal quantity of water, twice daily after meals, or as directed by your physician. Contains self-generated alcohol.",
    ayurvedicProperties:
      "Rasa: Kashaya, Tikta; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 19500,
    discountPrice: 17500,
    stockQuantity: 70,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 60,
  },
  {
    slug: "pushyanug-churna",
    name: "Pushyanug Churna",
    categorySlug: "womens-health",
    form: "churna",
    description:
      "A classical astringent churna with Lodhra, Patha and Nagakesara that supports women's intimate and menstrual health.",
    detailedDescription:
      "Pushyanug Churna is named for the Pushya nakshatra, under which its herbs were traditionally gathered. It brings together astringent, cooling herbs such as Patha, Lodhra, Nagakesara, Manjishtha and Mochrasa, and is the classical choice for excess white discharge and heavy periods.\n\nIt is traditionally taken with honey and rice water (tandulodaka). Pack of 100 g.",
    ingredients:
      "Patha (Cissampelos pareira), Jambu seed (Syzygium cumini), Amra seed (Mangifera indica), Lodhra (Symplocos racemosa), Mochrasa (Salmalia malabarica), Nagakesara (Mesua ferrea), Manjishtha (Rubia cordifolia), Musta (Cyperus rotundus), Dhataki (Woodfordia fruticosa), Shweta Chandana (Santalum album), Yashtimadhu (Glycyrrhiza glabra)",
    benefits:
      "Supports intimate health, Helps maintain healthy menstrual flow, Supports uterine health, Cooling and astringent, Classical formula",
    dosageInstructions:
      "1 teaspoon (3 g) twice daily with honey or rice water, before meals, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Kashaya, Tikta; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Pitta and Kapha",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 21500,
    discountPrice: null,
    stockQuantity: 38,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 115,
  },

  // ── Respiratory Care ─────────────────────────────────────────────────────────────────────────
  {
    slug: "sitopaladi-churna",
    name: "Sitopaladi Churna",
    categorySlug: "respiratory-care",
    form: "churna",
    description:
      "The classical sweet churna with Vanshalochan, Pippali and cardamom that soothes cough and a sore throat.",
    detailedDescription:
      "Sitopaladi Churna, from the Sharangadhara Samhita, is one of the first remedies an Ayurvedic household reaches for when a cough or cold begins. Sitopala (rock sugar) and Vanshalochan soothe the throat, while Pippali, Ela and Twak loosen phlegm and support clear breathing.\n\nIts mild sweet taste makes it easy to give to children with honey.",
    ingredients:
      "Sitopala (rock sugar), Vanshalochan (Bambusa arundinacea), Pippali (Piper longum), Ela (Elettaria cardamomum), Twak (Cinnamomum zeylanicum)",
    benefits:
      "Soothes cough and sore throat, Helps loosen phlegm, Supports clear breathing, Suitable for children, Classical Sharangadhara formula",
    dosageInstructions:
      "Adults: 1/2 to 1 teaspoon (3-6 g) mixed with honey, two or three times daily. Children: 1/4 teaspoon with honey. Or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Madhura, Katu; Guna: Laghu, Snigdha; Virya: Anushna; Vipaka: Madhura; Dosha: Balances Kapha and Vata",
    certifications: ["GMP Certified", "AYUSH Approved", "ISO 9001:2015"],
    price: 13500,
    discountPrice: 11900,
    stockQuantity: 160,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 44,
  },
  {
    slug: "adulsa-cough-syrup",
    name: "Adulsa Cough Syrup",
    categorySlug: "respiratory-care",
    form: "syrup",
    description:
      "A Vasaka (Adulsa) based herbal cough syrup with Tulsi and Yashtimadhu that soothes cough and supports easy breathing.",
    detailedDescription:
      "Adulsa, as Vasaka is known in Marathi homes, is the classical herb for cough in Ayurveda. Our syrup combines its leaf extract with Tulsi, Yashtimadhu, Kantakari, Pippali and Shunthi to soothe the throat, loosen phlegm and calm both dry and productive cough.\n\nIt contains no alcohol and is suitable for the whole family, including children above two years. Bottle of 100 ml.",
    ingredients:
      "Vasaka (Adhatoda vasica), Tulsi (Ocimum sanctum), Yashtimadhu (Glycyrrhiza glabra), Kantakari (Solanum xanthocarpum), Pippali (Piper longum), Shunthi (Zingiber officinale), Madhu (honey), Sharkara (syrup base)",
    benefits:
      "Soothes dry and productive cough, Helps loosen phlegm, Soothes the throat, Supports easy breathing, Alcohol-free",
    dosageInstructions:
      "Adults: 10 ml three times daily. Children (2-12 years): 5 ml three times daily. Or as directed by your physician. Shake well before use.",
    ayurvedicProperties:
      "Rasa: Tikta, Kashaya, Madhura; Guna: Laghu, Ruksha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Kapha and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved", "FDA Approved"],
    price: 12000,
    discountPrice: 10500,
    stockQuantity: 125,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 18,
  },
  {
    slug: "lavangadi-vati",
    name: "Lavangadi Vati",
    categorySlug: "respiratory-care",
    form: "tablet",
    description:
      "Classical clove-based lozenges to suck slowly, for a scratchy throat and a tickly cough.",
    detailedDescription:
      "Lavangadi Vati, described in the Bhaishajya Ratnavali, is made with Lavanga (clove), Maricha, Bibhitaki and Khadira bound with the extract of Babbula bark. Sucked slowly, the small tablet releases a warm, clove-scented flavour that soothes the throat.\n\nKeep a strip handy for travel, long meetings and after talking or singing for a long time. Pack of 80 tablets.",
    ingredients:
      "Lavanga (Syzygium aromaticum), Maricha (Piper nigrum), Bibhitaki (Terminalia bellirica), Khadira (Acacia catechu), Babbula bark extract (Acacia arabica)",
    benefits:
      "Soothes a scratchy throat, Helps calm tickly cough, Freshens breath, Convenient for travel, Classical formula",
    dosageInstructions:
      "Suck 1-2 tablets slowly, three or four times a day, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Katu, Tikta, Kashaya; Guna: Laghu, Snigdha; Virya: Sheeta; Vipaka: Katu; Dosha: Balances Kapha and Pitta",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 9000,
    discountPrice: null,
    stockQuantity: 90,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 68,
  },
  {
    slug: "agastya-haritaki-rasayana",
    name: "Agastya Haritaki Rasayana",
    categorySlug: "respiratory-care",
    form: "kalpa",
    description:
      "A classical Haritaki and Dashamoola avaleha that supports respiratory strength, especially for those prone to recurring colds.",
    detailedDescription:
      "Agastya Haritaki Rasayana, attributed to the sage Agastya and described in the Ashtanga Hridaya, is a jam-like preparation of Haritaki cooked with Dashamoola, Pippali, barley, ghee, honey and jaggery. It is a rasayana for the respiratory system, traditionally taken through the cold months by those who catch every passing cold.\n\nIt also supports regular bowel movement, which Ayurveda considers important for clearing Kapha. Jar of 500 g.",
    ingredients:
      "Haritaki (Terminalia chebula), Dashamoola (ten roots), Pippali (Piper longum), Yava (Hordeum vulgare), Chitraka (Plumbago zeylanica), Pushkaramoola (Inula racemosa), Shankhapushpi (Convolvulus pluricaulis), Goghrita (cow ghee), Tila Taila (sesame oil), Madhu (honey), Guda (jaggery)",
    benefits:
      "Supports respiratory strength, Helps with recurring colds, Helps clear excess Kapha, Supports regular bowel movement, Classical Ashtanga Hridaya rasayana",
    dosageInstructions:
      "1-2 teaspoons (6-12 g) twice daily with warm milk or water, or as directed by your physician.",
    ayurvedicProperties:
      "Rasa: Madhura, Kashaya, Katu; Guna: Guru, Snigdha; Virya: Ushna; Vipaka: Madhura; Dosha: Balances Kapha and Vata",
    certifications: ["GMP Certified", "AYUSH Approved"],
    price: 36000,
    discountPrice: 32000,
    stockQuantity: 25,
    isFeatured: false,
    ...MEDICAMENT,
    createdDaysAgo: 85,
  },
];

export const seedCoupons: SeedCoupon[] = [
  {
    code: "WELCOME10",
    discountType: "percentage",
    discountValue: 10,
    maxDiscount: 20000,
    minOrderValue: 49900,
    usageLimit: null,
    perCustomerLimit: 1,
    expiresInDays: null,
    isActive: true,
    createdDaysAgo: 120,
  },
  {
    code: "AYUR250",
    discountType: "fixed",
    discountValue: 25000,
    maxDiscount: null,
    minOrderValue: 149900,
    usageLimit: 100,
    perCustomerLimit: 1,
    expiresInDays: 60,
    isActive: true,
    createdDaysAgo: 10,
  },
  {
    code: "HEALTH15",
    discountType: "percentage",
    discountValue: 15,
    maxDiscount: 30000,
    minOrderValue: 99900,
    usageLimit: 50,
    perCustomerLimit: 1,
    expiresInDays: 30,
    isActive: true,
    createdDaysAgo: 6,
  },
  {
    code: "MONSOON20",
    discountType: "percentage",
    discountValue: 20,
    maxDiscount: 40000,
    minOrderValue: 79900,
    usageLimit: 200,
    perCustomerLimit: 1,
    expiresInDays: null,
    isActive: false,
    createdDaysAgo: 90,
  },
];

export const seedReviews: SeedReview[] = [
  // Mauli Shatavaryadi Kalpa
  {
    productSlug: "mauli-shatavaryadi-kalpa",
    authorName: "Priya Deshmukh",
    authorEmailLocalPart: "priya.deshmukh",
    rating: 5,
    title: "Helped me a lot after my delivery",
    comment:
      "Our family vaidya in Satara recommended this kalpa after my daughter was born and I used to buy it from the local medical store. Very happy it is now available online. I took it with warm milk twice a day for about two months. I felt less tired and my milk supply improved steadily. The taste is mildly sweet with cardamom, not bitter at all.",
    daysAgo: 1,
  },
  {
    productSlug: "mauli-shatavaryadi-kalpa",
    authorName: "Snehal Kulkarni",
    authorEmailLocalPart: "snehal.kulkarni",
    rating: 5,
    title: "Good quality, tastes nice",
    comment:
      "Ordered for my sister who delivered last month. The granules dissolve easily in milk and she actually looks forward to it. Packing was neat and it reached Pune in two days.",
    daysAgo: 1,
  },
  {
    productSlug: "mauli-shatavaryadi-kalpa",
    authorName: "Anjali Pawar",
    authorEmailLocalPart: "anjali.pawar",
    rating: 4,
    title: null,
    comment:
      "I am taking it as a general tonic for weakness and irregular cycles. After five weeks my energy is better. One star less only because the 400 g jar finishes quickly at two doses a day; a bigger pack would be good.",
    daysAgo: 0,
  },

  // Uroflam Syrup
  {
    productSlug: "uroflam-syrup",
    authorName: "Kavita Jadhav",
    authorEmailLocalPart: "kavita.jadhav",
    rating: 5,
    title: "Soothing in summer",
    comment:
      "I tend to get burning while passing urine every summer. Along with drinking more water, this syrup gave me relief within a few days. It has a pleasant sandalwood taste.",
    daysAgo: 2,
  },
  {
    productSlug: "uroflam-syrup",
    authorName: "Ramesh Yadav",
    authorEmailLocalPart: "ramesh.yadav",
    rating: 4,
    title: "Good for urinary discomfort",
    comment:
      "My doctor had advised me to drink more fluids and suggested an Ayurvedic syrup alongside. This one is gentle and I felt more comfortable within a week. The bottle could be a bit bigger.",
    daysAgo: 1,
  },
  {
    productSlug: "uroflam-syrup",
    authorName: "Meera Iyer",
    authorEmailLocalPart: "meera.iyer",
    rating: 3,
    title: null,
    comment:
      "Taste is fine and it seems to help a little, but I could not yet judge properly. Will update after finishing the second bottle.",
    daysAgo: 0,
  },

  // Aceemal Tablet
  {
    productSlug: "aceemal-tablet",
    authorName: "Rahul Patil",
    authorEmailLocalPart: "rahul.patil",
    rating: 5,
    title: "My travel companion for acidity",
    comment:
      "I travel a lot for work and outside food always gives me acidity. I chew two Aceemal tablets after dinner and the burning settles nicely. Much better than the fizzy antacids I used earlier.",
    daysAgo: 3,
  },
  {
    productSlug: "aceemal-tablet",
    authorName: "Swati Apte",
    authorEmailLocalPart: "swati.apte",
    rating: 4,
    title: "Works well, mild taste",
    comment:
      "Helps with the sour belching I get after tea in the evening. Tablets are slightly large to swallow, so I chew them. Good value for 60 tablets.",
    daysAgo: 2,
  },
  {
    productSlug: "aceemal-tablet",
    authorName: "Farhan Shaikh",
    authorEmailLocalPart: "farhan.shaikh",
    rating: 5,
    title: null,
    comment:
      "Bought it during Ramzan when late heavy meals were giving me heartburn. Took it for two weeks and felt much more comfortable. Ordering again.",
    daysAgo: 1,
  },

  // Arshalit Tablet
  {
    productSlug: "arshalit-tablet",
    authorName: "Sanjay Bhosale",
    authorEmailLocalPart: "sanjay.bhosale",
    rating: 5,
    title: "Relief without embarrassment",
    comment:
      "I have a desk job and piles trouble me now and then. With Arshalit, more water and some fruit in the diet, the discomfort and constipation settled within about ten days. Discreet packing was appreciated.",
    daysAgo: 4,
  },
  {
    productSlug: "arshalit-tablet",
    authorName: "Mahesh Chavan",
    authorEmailLocalPart: "mahesh.chavan",
    rating: 4,
    title: null,
    comment:
      "Bowel movement is much easier now and the itching has reduced. It takes a little time, so do not expect results in one or two days. Continuing for one more month as my vaidya advised.",
    daysAgo: 2,
  },
  {
    productSlug: "arshalit-tablet",
    authorName: "Sunita Gaikwad",
    authorEmailLocalPart: "sunita.gaikwad",
    rating: 4,
    title: "Good for my father",
    comment:
      "Ordered for my father who is 68. He says he feels more comfortable and his stomach is clearer in the morning. Delivery to Kolhapur was quick.",
    daysAgo: 1,
  },

  // Mauderma Tablet
  {
    productSlug: "mauderma-tablet",
    authorName: "Neha Gokhale",
    authorEmailLocalPart: "neha.gokhale",
    rating: 5,
    title: "Fewer breakouts after a month",
    comment:
      "I had frequent pimples on my chin and forehead. I have taken Mauderma for five weeks, cut down on fried food, and my skin is clearly calmer with far fewer new breakouts. Will continue for another month.",
    daysAgo: 4,
  },
  {
    productSlug: "mauderma-tablet",
    authorName: "Rohan Gupta",
    authorEmailLocalPart: "rohan.gupta",
    rating: 4,
    title: null,
    comment:
      "Good blood purifier. The itching I used to get on my arms in summer has reduced. The tablets have a bitter smell, which is expected with neem and manjishtha.",
    daysAgo: 3,
  },
  {
    productSlug: "mauderma-tablet",
    authorName: "Aarti Mane",
    authorEmailLocalPart: "aarti.mane",
    rating: 5,
    title: "Skin looks brighter",
    comment:
      "My complexion looked dull and patchy. After about six weeks my skin looks clearer and more even. Results are slow but steady, so be patient.",
    daysAgo: 2,
  },
  {
    productSlug: "mauderma-tablet",
    authorName: "Priya Deshmukh",
    authorEmailLocalPart: "priya.deshmukh",
    rating: 4,
    title: null,
    comment:
      "Bought this for my teenage son on the recommendation of a friend. His acne is better and he takes it without fuss since the tablets are easy to swallow.",
    daysAgo: 0,
  },

  // Chyawanprash Special
  {
    productSlug: "chyawanprash-special",
    authorName: "Vikram Shinde",
    authorEmailLocalPart: "vikram.shinde",
    rating: 5,
    title: "Tastes like homemade",
    comment:
      "We have bought this Chyawanprash in Satara for years and now order it online. You can actually taste the saffron and ghee. Not overly sweet like the big brands. The whole family takes a spoon every morning in winter and we have had far fewer colds this year.",
    daysAgo: 11,
  },
  {
    productSlug: "chyawanprash-special",
    authorName: "Lakshmi Subramanian",
    authorEmailLocalPart: "lakshmi.subramanian",
    rating: 5,
    title: "Worth the price",
    comment:
      "It is costlier than supermarket chyawanprash but the quality is clearly better. Thick texture, rich aroma and nicely packed in a sturdy jar.",
    daysAgo: 9,
  },
  {
    productSlug: "chyawanprash-special",
    authorName: "Ganesh More",
    authorEmailLocalPart: "ganesh.more",
    rating: 4,
    title: null,
    comment:
      "Good product. My children like it with milk. Would have given five stars if there were a smaller 500 g pack for trying first.",
    daysAgo: 6,
  },

  // Ashwagandha Tablet
  {
    productSlug: "ashwagandha-tablet",
    authorName: "Amit Joshi",
    authorEmailLocalPart: "amit.joshi",
    rating: 5,
    title: "Sleeping better",
    comment:
      "Work stress was keeping me awake at night. After three weeks of one tablet with milk at night and one in the morning, I fall asleep more easily and feel calmer during the day.",
    daysAgo: 18,
  },
  {
    productSlug: "ashwagandha-tablet",
    authorName: "Nikhil Kale",
    authorEmailLocalPart: "nikhil.kale",
    rating: 4,
    title: "Good with gym routine",
    comment:
      "I take it with my workouts and recovery feels better. No stomach upset. Fair price for an extract-based tablet.",
    daysAgo: 11,
  },
  {
    productSlug: "ashwagandha-tablet",
    authorName: "Harpreet Kaur",
    authorEmailLocalPart: "harpreet.kaur",
    rating: 3,
    title: null,
    comment:
      "It is fine. I feel slightly more relaxed but nothing dramatic yet. Maybe it needs more time. Delivery and packaging were good.",
    daysAgo: 6,
  },

  // Arjuna Capsule
  {
    productSlug: "arjuna-capsule",
    authorName: "Suresh Reddy",
    authorEmailLocalPart: "suresh.reddy",
    rating: 5,
    title: null,
    comment:
      "I have been taking Arjuna along with my regular medicines, with my cardiologist's approval. I feel less breathless on my morning walk and my last check-up was satisfactory. Happy with the quality.",
    daysAgo: 12,
  },
  {
    productSlug: "arjuna-capsule",
    authorName: "Deepa Menon",
    authorEmailLocalPart: "deepa.menon",
    rating: 4,
    title: "Convenient form of Arjuna",
    comment:
      "My mother used to boil Arjuna bark in milk every day. These capsules are so much easier. She has been taking them for two months without any trouble.",
    daysAgo: 7,
  },

  // Triphala Churna
  {
    productSlug: "triphala-churna",
    authorName: "Meera Iyer",
    authorEmailLocalPart: "meera.iyer",
    rating: 5,
    title: "Fine powder, authentic taste",
    comment:
      "Very finely ground and fresh. I take a teaspoon in warm water at night and my mornings are regular. Good value for money.",
    daysAgo: 60,
  },
  {
    productSlug: "triphala-churna",
    authorName: "Ganesh More",
    authorEmailLocalPart: "ganesh.more",
    rating: 4,
    title: null,
    comment:
      "Works gently, no cramping. The taste is strong, as Triphala should be. A resealable pouch would be nicer than the jar.",
    daysAgo: 41,
  },

  // Mahanarayan Oil
  {
    productSlug: "mahanarayan-oil",
    authorName: "Shweta Agarwal",
    authorEmailLocalPart: "shweta.agarwal",
    rating: 5,
    title: "My grandmother's favourite",
    comment:
      "My aaji massages her knees with this every evening and says the stiffness is much less in the mornings. Nice herbal smell, not too strong.",
    daysAgo: 30,
  },
  {
    productSlug: "mahanarayan-oil",
    authorName: "Vikram Shinde",
    authorEmailLocalPart: "vikram.shinde",
    rating: 4,
    title: null,
    comment:
      "Good for my lower back after long drives. Warm it slightly before use. The oil stains clothes, so keep an old towel ready.",
    daysAgo: 22,
  },

  // Sitopaladi Churna
  {
    productSlug: "sitopaladi-churna",
    authorName: "Pooja Sharma",
    authorEmailLocalPart: "pooja.sharma",
    rating: 5,
    title: "Kids take it happily",
    comment:
      "Mixed with honey, my kids take it without any fuss whenever they start coughing. It soothes the throat quickly. A must in our medicine box.",
    daysAgo: 25,
  },
  {
    productSlug: "sitopaladi-churna",
    authorName: "Arjun Nair",
    authorEmailLocalPart: "arjun.nair",
    rating: 4,
    title: null,
    comment:
      "Good quality and sweet in taste. Helped with my dry cough after a cold, along with steam inhalation.",
    daysAgo: 19,
  },

  // Kumkumadi Cream
  {
    productSlug: "kumkumadi-cream",
    authorName: "Lakshmi Subramanian",
    authorEmailLocalPart: "lakshmi.subramanian",
    rating: 5,
    title: "Lovely texture",
    comment:
      "Absorbs quickly and does not feel greasy even in Chennai humidity. After a month of nightly use my skin tone looks more even. A little goes a long way.",
    daysAgo: 15,
  },
  {
    productSlug: "kumkumadi-cream",
    authorName: "Anjali Pawar",
    authorEmailLocalPart: "anjali.pawar",
    rating: 4,
    title: null,
    comment:
      "Nice saffron fragrance and my skin feels soft in the morning. The price is on the higher side, but it is made with real kesar.",
    daysAgo: 8,
  },

  // Adulsa Cough Syrup
  {
    productSlug: "adulsa-cough-syrup",
    authorName: "Sneha Kulkarni",
    authorEmailLocalPart: "sneha.kulkarni",
    rating: 5,
    title: "Does not make you drowsy",
    comment:
      "I prefer this to regular cough syrups because it does not make me sleepy at work. Soothes the throat well and the taste is pleasant.",
    daysAgo: 10,
  },
  {
    productSlug: "adulsa-cough-syrup",
    authorName: "Rahul Patil",
    authorEmailLocalPart: "rahul.patil",
    rating: 3,
    title: null,
    comment:
      "Helped with the throat irritation but my cough took about a week to settle anyway. Decent syrup for the price.",
    daysAgo: 5,
  },

  // Giloy Ghan Vati
  {
    productSlug: "giloy-ghan-vati",
    authorName: "Pooja Sharma",
    authorEmailLocalPart: "pooja.sharma",
    rating: 4,
    title: null,
    comment:
      "I take it during the monsoon every year. This batch is good, the tablets are firm and not crumbly. Appetite improved after a viral fever.",
    daysAgo: 28,
  },

  // Amla Juice
  {
    productSlug: "amla-juice",
    authorName: "Deepa Menon",
    authorEmailLocalPart: "deepa.menon",
    rating: 5,
    title: "Pure and sour, as it should be",
    comment:
      "No added sugar and no artificial flavour. I take 30 ml in water every morning. My hair fall has reduced over the last two months.",
    daysAgo: 21,
  },

  // Brahmi Vati
  {
    productSlug: "brahmi-vati",
    authorName: "Arjun Nair",
    authorEmailLocalPart: "arjun.nair",
    rating: 4,
    title: "Helped during exam season",
    comment:
      "Took it during my final-year exams. I felt calmer and could sit for longer study sessions. Not a magic pill, but a good support.",
    daysAgo: 35,
  },
];

/** A pack size of a demo product beyond its first (docs/decisions/056). Paise. */
export type SeedSize = {
  label: string;
  price: number;
  discountPrice: number | null;
  stockQuantity: number;
  weightGrams: number;
};

/**
 * Demo products sold in more than one pack size, by slug: the first size's label and weight (its
 * price and stock are the product's above) and the other sizes, in the order shoppers see them.
 * Chyawanprash Special's 500 g is sold out.
 */
export const seedPackSizes: Record<
  string,
  { first: string; weightGrams: number; more: SeedSize[] }
> = {
  "ashwagandha-tablet": {
    first: "60 tablets",
    weightGrams: 80,
    more: [
      {
        label: "120 tablets",
        price: 74900,
        discountPrice: 64900,
        stockQuantity: 90,
        weightGrams: 150,
      },
    ],
  },
  "chyawanprash-special": {
    first: "1 kg",
    weightGrams: 1150,
    more: [
      { label: "500 g", price: 64900, discountPrice: 57900, stockQuantity: 0, weightGrams: 600 },
    ],
  },
  arjunarishta: {
    first: "450 ml",
    weightGrams: 700,
    more: [
      { label: "200 ml", price: 11500, discountPrice: null, stockQuantity: 40, weightGrams: 330 },
    ],
  },
  "triphala-churna": {
    first: "100 g",
    weightGrams: 130,
    more: [
      { label: "250 g", price: 29900, discountPrice: 26900, stockQuantity: 80, weightGrams: 300 },
    ],
  },
  "amla-juice": {
    first: "1 L",
    weightGrams: 1100,
    more: [
      { label: "500 ml", price: 12500, discountPrice: 11500, stockQuantity: 70, weightGrams: 560 },
    ],
  },
  "aloe-vera-juice": {
    first: "1 L",
    weightGrams: 1100,
    more: [
      { label: "500 ml", price: 13900, discountPrice: null, stockQuantity: 35, weightGrams: 560 },
    ],
  },
  "giloy-ghan-vati": {
    first: "60 tablets",
    weightGrams: 70,
    more: [
      {
        label: "120 tablets",
        price: 35000,
        discountPrice: 31000,
        stockQuantity: 60,
        weightGrams: 130,
      },
    ],
  },
  "brahmi-vati": {
    first: "40 tablets",
    weightGrams: 50,
    more: [
      {
        label: "80 tablets",
        price: 49000,
        discountPrice: null,
        stockQuantity: 30,
        weightGrams: 90,
      },
    ],
  },
  "mahanarayan-oil": {
    first: "100 ml",
    weightGrams: 140,
    more: [
      { label: "200 ml", price: 55000, discountPrice: 49500, stockQuantity: 40, weightGrams: 260 },
      { label: "450 ml", price: 115000, discountPrice: null, stockQuantity: 12, weightGrams: 560 },
    ],
  },
  "avipattikar-churna": {
    first: "100 g",
    weightGrams: 130,
    more: [
      { label: "250 g", price: 38000, discountPrice: 34500, stockQuantity: 50, weightGrams: 300 },
    ],
  },
  "sitopaladi-churna": {
    first: "50 g",
    weightGrams: 70,
    more: [
      { label: "100 g", price: 24900, discountPrice: 21900, stockQuantity: 60, weightGrams: 130 },
    ],
  },
  ashokarishta: {
    first: "450 ml",
    weightGrams: 700,
    more: [
      { label: "200 ml", price: 10500, discountPrice: null, stockQuantity: 45, weightGrams: 330 },
    ],
  },
  "neem-capsule": {
    first: "60 capsules",
    weightGrams: 60,
    more: [
      {
        label: "120 capsules",
        price: 34000,
        discountPrice: 29900,
        stockQuantity: 55,
        weightGrams: 110,
      },
    ],
  },
  "shallaki-capsule": {
    first: "60 capsules",
    weightGrams: 60,
    more: [
      {
        label: "30 capsules",
        price: 24000,
        discountPrice: null,
        stockQuantity: 20,
        weightGrams: 35,
      },
      {
        label: "120 capsules",
        price: 85000,
        discountPrice: 76500,
        stockQuantity: 25,
        weightGrams: 110,
      },
    ],
  },
};

/**
 * The net quantity of each demo product sold in one size, whose size has no label to read it
 * from (docs/decisions/073), as its description names the pack.
 */
export const seedNetQuantities: Record<string, string> = {
  "mauli-shatavaryadi-kalpa": "400 g",
  "uroflam-syrup": "200 ml",
  "aceemal-tablet": "60 tablets",
  "arshalit-tablet": "60 tablets",
  "mauderma-tablet": "60 tablets",
  "shilajit-capsule": "60 capsules",
  "jatamansi-capsule": "60 capsules",
  "ksheerabala-101-taila": "50 ml",
  "hingvastak-churna": "100 g",
  "yograj-guggulu": "60 tablets",
  "arjuna-capsule": "60 capsules",
  "lasuna-capsule": "60 capsules",
  "kumkumadi-cream": "50 g",
  "haridra-khand": "200 g",
  "pushyanug-churna": "100 g",
  "adulsa-cough-syrup": "100 ml",
  "lavangadi-vati": "80 tablets",
  "agastya-haritaki-rasayana": "500 g",
};
