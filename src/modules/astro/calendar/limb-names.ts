// The panchang's limbs named in the other nine languages (lang=), in each language's script: one
// column per language and kind, each copied name for name from the page cited in LIMB_SOURCES
// (and limb-names.SOURCES.md). Names are facts; nothing here is transliterated by a program. An
// item no cited page gave is null, and the answer keeps its English name and says so
// (`english_fallback`). Weekdays and months are not here: they come from CLDR (lang-names.ts).
// Coverage is partial (the decision record, panchang-regional.md, lists it per language).

import type { Lang } from './langs.js';

export const LIMB_KINDS = ['tithi', 'paksha', 'nakshatra', 'yoga', 'karana', 'rashi', 'graha', 'samvatsara', 'ritu'] as const;
export type LimbKind = (typeof LIMB_KINDS)[number];

/** One column: names by index (the order of calc/names.ts), null where no cited page gave it. */
type Column = readonly (string | null)[];
type Columns = Partial<Record<LimbKind, Column>>;

const _ = null;
/** n nulls: a run of items no cited page gave. */
const _n = (n: number): null[] => Array.from({ length: n }, () => null);

// Tithi columns: Pratipada … Chaturdashi (14), then Purnima, Amavasya. Paksha: Shukla, Krishna.
// Graha columns: the order of calc/names.ts GRAHAS (Su Mo Ma Me Ju Ve Sa Ra Ke).
const TABLE: Partial<Record<Lang, Columns>> = {
  hi: {
    tithi: [
      'प्रतिपदा',
      'द्वितीया',
      'तृतीया',
      'चतुर्थी',
      'पंचमी',
      'षष्ठी',
      'सप्तमी',
      'अष्टमी',
      'नवमी',
      'दशमी',
      'एकादशी',
      'द्वादशी',
      'त्रयोदशी',
      'चतुर्दशी',
      'पूर्णिमा',
      'अमावस्या',
    ],
    nakshatra: [
      'अश्विनी',
      'भरणी',
      'कृत्तिका',
      'रोहिणी',
      'मृगशिरा',
      'आर्द्रा',
      'पुनर्वसु',
      'पुष्य',
      'अश्लेषा',
      'मघा',
      'पूर्वाफाल्गुनी',
      'उत्तराफाल्गुनी',
      'हस्त',
      'चित्रा',
      'स्वाती',
      'विशाखा',
      'अनुराधा',
      'ज्येष्ठा',
      'मूल',
      'पूर्वाषाढा',
      'उत्तराषाढा',
      'श्रवण',
      'धनिष्ठा',
      'शतभिषा',
      'पूर्वाभाद्रपद',
      'उत्तराभाद्रपद',
      'रेवती',
    ],
    rashi: ['मेष', 'वृषभ', 'मिथुन', 'कर्क', 'सिंह', 'कन्या', 'तुला', 'वृश्चिक', 'धनु', 'मकर', 'कुंभ', 'मीन'],
    graha: ['सूर्य', 'चन्द्र', 'मंगल', 'बुध', 'बृहस्पति', 'शुक्र', 'शनि', 'राहु', 'केतु'],
    yoga: [
      'विष्कुम्भ',
      'प्रीति',
      'आयुष्मान',
      'सौभाग्य',
      'शोभन',
      'अतिगण्ड',
      'सुकर्मा',
      'धृति',
      'शूल',
      'गण्ड',
      'वृद्धि',
      'ध्रुव',
      'व्याघात',
      'हर्षण',
      'वज्र',
      'सिद्धि',
      'व्यतिपात',
      'वरीयान',
      'परिघ',
      'शिव',
      'सिद्ध',
      'साध्य',
      'शुभ',
      'शुक्ल',
      'ब्रह्म',
      'इन्द्र',
      'वैधृति',
    ],
    // Column order: Bava … Vishti, Shakuni, Chatushpada, Naga, Kimstughna (the page's "किस्तुघ्न" is
    // a misspelling of किंस्तुघ्न: left null).
    paksha: ['शुक्ल', 'कृष्ण'],
    karana: ['बव', 'बालव', 'कौलव', 'तैतिल', 'गर', 'वणिज', 'विष्टि', 'शकुनि', 'चतुष्पाद', 'नाग', _],
    ritu: ['वसंत', 'ग्रीष्म', 'वर्षा', 'शरद', 'हेमंत', 'शिशिर'],
    // Prabhava … Akshaya: each name as a page writes it bare, where a second page names the same year
    // at the same place. 1-47 from Ojha's list, the verse list agreeing; 39 and 46 (garbled by the
    // OCR of Ojha's page) and 54-56, 58 as the verse writes them; 41, 48 and 57 from Bharatkosh and
    // a 2014 almanac note, the verse agreeing (inflected or misprinted there). Null: 31 and 37, where
    // the lists name a different year (हेमलंब / हेमलंबी, शोभन / शोभकृत्); 53 (सिद्धार्थी in the
    // verse, सिद्धार्थ in Bharatkosh); 35, 49-52, 59 and 60, found only inflected (प्लवः, नलः, क्षयः …).
    samvatsara: [
      'प्रभव',
      'विभव',
      'शुक्ल',
      'प्रमोद',
      'प्रजापति',
      'अंगिरा',
      'श्रीमुख',
      'भाव',
      'युवा',
      'धाता',
      'ईश्वर',
      'बहुधान्य',
      'प्रमाथी',
      'विक्रम',
      'वृष',
      'चित्रभानु',
      'सुभानु',
      'तारण',
      'पार्थिव',
      'व्यय',
      'सर्वजित्',
      'सर्वधारी',
      'विरोधी',
      'विकृति',
      'खर',
      'नंदन',
      'विजय',
      'जय',
      'मन्मथ',
      'दुर्मुख',
      _,
      'विलंबी',
      'विकारी',
      'शार्वरी',
      _,
      'शुभकृत',
      _,
      'क्रोधी',
      'विश्वावसु',
      'पराभव',
      'प्लवंग',
      'कीलक',
      'सौम्य',
      'साधारण',
      'विरोधकृत',
      'परिधावी',
      'प्रमादी',
      'आनन्द',
      _,
      _,
      _,
      _,
      _,
      'रौद्र',
      'दुर्मती',
      'दुन्दुभी',
      'रुधिरोद्गारी',
      'रक्ताक्षी',
      _,
      _,
    ],
  },
  mr: {
    // biome-ignore format: one row, as the page gives it (the same words as the Hindi column but 15)
    tithi: ['प्रतिपदा', 'द्वितीया', 'तृतीया', 'चतुर्थी', 'पंचमी', 'षष्ठी', 'सप्तमी', 'अष्टमी', 'नवमी', 'दशमी', 'एकादशी', 'द्वादशी', 'त्रयोदशी', 'चतुर्दशी', 'पोर्णिमा', 'अमावस्या'],
    paksha: ['शुक्ल', 'कृष्ण'],
    rashi: ['मेष', 'वृषभ', 'मिथुन', 'कर्क', 'सिंह', 'कन्या', 'तूळ', 'वृश्चिक', 'धनु', 'मकर', 'कुंभ', 'मीन'],
    ritu: ['वसंत', 'ग्रीष्म', 'वर्षा', 'शरद', 'हेमंत', 'शिशिर'],
    nakshatra: [
      'अश्विनी',
      'भरणी',
      'कृत्तिका',
      'रोहिणी',
      'मृग',
      'आर्द्रा',
      'पुनर्वसू',
      'पुष्य',
      'आश्लेषा',
      'मघा',
      'पूर्वा',
      'उत्तरा',
      'हस्त',
      'चित्रा',
      'स्वाती',
      'विशाखा',
      'अनुराधा',
      'ज्येष्ठा',
      'मूळ',
      'पूर्वाषाढा',
      'उत्तराषाढा',
      'श्रवण',
      'धनिष्ठा',
      'शततारका',
      'पूर्वाभाद्रपदा',
      'उत्तरा भाद्रपदा',
      'रेवती',
    ],
    graha: ['रवी', 'चंद्र', 'मंगळ', 'बुध', 'गुरु', 'शुक्र', 'शनी', 'राहू', 'केतू'],
    // Fifth pass: only the years two independent Marathi pages name alike (Gudhi Padwa reports):
    // 33 विकारी, 35 प्लव, 37 शोभन (Marathi almanacs name 37 शोभन, not Shobhakrit). 34 is written
    // शार्वरी and शर्वरी, 36 शुभकृत only in two renderings of one circulated message: null.
    samvatsara: [..._n(32), 'विकारी', _, 'प्लव', _, 'शोभन', ..._n(23)],
    // Sixth pass: the page's numbered list of the 27; null where it misspells the name (12 धृव,
    // 14 हर्षद, 22 साधय), writes 18 वरियान (वरीयान elsewhere) or 25 ब्रह्मा (the god's name, not the yoga's).
    yoga: [
      'विष्कंभ',
      'प्रीती',
      'आयुष्मान',
      'सौभाग्य',
      'शोभन',
      'अतिगंड',
      'सुकर्मा',
      'धृति',
      'शूल',
      'गंड',
      'वृद्धि',
      _,
      'व्याघात',
      _,
      'वज्र',
      'सिद्धि',
      'व्यतिपात',
      _,
      'परिघ',
      'शिव',
      'सिद्ध',
      _,
      'शुभ',
      'शुक्ल',
      _,
      'ऐंद्र',
      'वैधृति',
    ],
  },
  gu: {
    ritu: ['વસંત', 'ગ્રીષ્મ', 'વર્ષા', 'શરદ', 'હેમંત', 'શિશિર'],
    // The names in use (as Tamil's): gu.wikipedia gives the fortnights as સુદ and વદ (શુક્લ પક્ષ, કૃષ્ણ પક્ષ).
    paksha: ['સુદ', 'વદ'],
    // Sixth pass: the numbered list of Shilpa Ratnakar (OCR text), each name the text reads cleanly;
    // null where the OCR garbles it (1 વિષ્ણુભ, 5 શેલન, 6 અતિગડ, 7 સુક, 9 ફૂલ, 14 હણ, 26 એદ્ર), 21
    // (read સિદ્ધિ, 16's name) and 25 (બ્રહ્મા, the god's name).
    yoga: [
      _,
      'પ્રીતિ',
      'આયુષ્માન',
      'સૌભાગ્ય',
      _,
      _,
      _,
      'ધૃતિ',
      _,
      'ગંડ',
      'વૃદ્ધિ',
      'ધ્રુવ',
      'વ્યાઘાત',
      _,
      'વજ્ર',
      'સિદ્ધિ',
      'વ્યતિપાત',
      'વરીયાન',
      'પરિઘ',
      'શિવ',
      _,
      'સાધ્ય',
      'શુભ',
      'શુક્લ',
      _,
      _,
      'વૈધૃતિ',
    ],
    // Column order Bava … Naga, Kimstughna; the page writes Bava as "બલ" and Kimstughna as "કિંસ્તુધ્ન": both left null.
    karana: [_, 'બાલવ', 'કૌલવ', 'તૈતિલ', 'ગર', 'વણિજ', 'વિષ્ટિ', 'શકુનિ', 'ચતુષ્પદ', 'નાગ', _],
    nakshatra: [
      'અશ્વિની',
      'ભરણી',
      'કૃતિકા',
      'રોહિણી',
      'મૃગશીર્ષ',
      'આર્દ્રા',
      'પુનર્વસુ',
      'પુષ્ય',
      'આશ્લેષા',
      'મઘા',
      'પૂર્વાફાલ્ગુની',
      'ઉત્તરાફાલ્ગુની',
      'હસ્ત',
      'ચિત્રા',
      // Sixth pass: 15-18 and 21-25 from the nakshatras listed in order in a Gujarati book
      // (Bhavishya Vani, pp. 199-200, with Abhijit between 21 and 22); 26 from a Gujarati news page
      // on Saturn's own nakshatra; 19, 20 and 27 not found.
      'સ્વાતિ',
      'વિશાખા',
      'અનુરાધા',
      'જ્યેષ્ઠા',
      _,
      _,
      'ઉત્તરાષાઢા',
      'શ્રવણ',
      'ધનિષ્ઠા',
      'શતભિષા',
      'પૂર્વા ભાદ્રપદા',
      'ઉત્તરાભાદ્રપદ',
      _,
    ],
    rashi: ['મેષ', 'વૃષભ', 'મિથુન', 'કર્ક', 'સિંહ', 'કન્યા', 'તુલા', 'વૃશ્ચિક', 'ધનુ', 'મકર', 'કુંભ', 'મીન'],
    graha: ['સૂર્ય', 'ચન્દ્ર', 'મંગળ', 'બુધ', 'ગુરુ', 'શુક્ર', 'શનિ', 'રાહુ', 'કેતુ'],
  },
  bn: {
    // Bengal's six seasons by name; the sixth, Shishira, is শীত there.
    ritu: ['বসন্ত', 'গ্রীষ্ম', 'বর্ষা', 'শরৎ', 'হেমন্ত', 'শীত'],
    nakshatra: [
      'অশ্বিনী',
      'ভরণী',
      'কৃত্তিকা',
      'রোহিণী',
      'মৃগশিরা',
      'আর্দ্রা',
      'পুনর্বসু',
      'পুষ্যা',
      'অশ্লেষা',
      'মঘা',
      'পূর্ব ফাল্গুনি',
      'উত্তর ফাল্গুনি',
      'হস্তা',
      'চিত্রা',
      'স্বাতী',
      'বিশাখা',
      'অনুরাধা',
      'জ্যেষ্ঠা',
      'মূলা',
      'পূর্বাষাঢ়া',
      'উত্তরাষাঢ়া',
      'শ্রবণা',
      'ধনিষ্ঠা',
      'শতভিষা',
      'পূর্বভাদ্রপদ',
      'উত্তরভাদ্রপদ',
      'রেবতী',
    ],
    paksha: ['শুক্ল', 'কৃষ্ণ'],
    rashi: ['মেষ', 'বৃষ', 'মিথুন', 'কর্কট', 'সিংহ', 'কন্যা', 'তুলা', 'বৃশ্চিক', 'ধনু', 'মকর', 'কুম্ভ', 'মীন'],
    tithi: ['প্রতিপদ', 'দ্বিতীয়া', 'তৃতীয়া', 'চতুর্থী', 'পঞ্চমী', 'ষষ্ঠী', 'সপ্তমী', 'অষ্টমী', 'নবমী', 'দশমী', 'একাদশী', 'দ্বাদশী', 'ত্রয়োদশী', 'চতুর্দশী', 'পূর্ণিমা', 'অমাবস্যা'],
    // 6 (Atiganda) not met on the pages read; 24 written শুক্র (Venus) for শুক্ল there: both left null.
    yoga: [
      'বিষ্কুম্ভ',
      'প্রীতি',
      'আয়ুষ্মান',
      'সৌভাগ্য',
      'শোভন',
      _,
      'সুকর্মা',
      'ধৃতি',
      'শূল',
      'গণ্ড',
      'বৃদ্ধি',
      'ধ্রুব',
      'ব্যাঘাত',
      'হর্ষণ',
      'বজ্র',
      'সিদ্ধি',
      'ব্যতীপাত',
      'বরীয়ান',
      'পরিঘ',
      'শিব',
      'সিদ্ধ',
      'সাধ্য',
      'শুভ',
      _,
      'ব্রহ্ম',
      'ইন্দ্র',
      'বৈধৃতি',
    ],
    // Kimstughna is written কিন্তুগ্ন on the pages read: left null.
    karana: ['বব', 'বালব', 'কৌলব', 'তৈতিল', 'গর', 'বণিজ', 'বিষ্টি', 'শকুনি', 'চতুষ্পাদ', 'নাগ', _],
    // Sixth pass: the nine as the navagraha page lists them.
    graha: ['সূর্য', 'চন্দ্র', 'মঙ্গল', 'বুধ', 'বৃহস্পতি', 'শুক্র', 'শনি', 'রাহু', 'কেতু'],
  },
  ta: {
    // Prabhava … Akshaya: a name where two cited Tamil pages write it alike (lists: 1-13, 16-18,
    // 31-34; press reports of the new year: 35-39). The rest (14, 15, 19-30, 40-60) were not found
    // written alike twice in the pages read, and stay English.
    samvatsara: [
      'பிரபவ',
      'விபவ',
      'சுக்ல',
      'பிரமோதூத',
      'பிரசோற்பத்தி',
      'ஆங்கீரச',
      'ஸ்ரீமுக',
      'பவ',
      'யுவ',
      'தாது',
      'ஈஸ்வர',
      'வெகுதானிய',
      'பிரமாதி',
      _,
      _,
      'சித்திரபானு',
      'சுபானு',
      'தாரண',
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      'ஹேவிளம்பி',
      'விளம்பி',
      'விகாரி',
      'சார்வரி',
      'பிலவ',
      'சுபகிருது',
      'சோபகிருது',
      'குரோதி',
      'விசுவாவசு',
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
    ],
    // The six Tamil seasons, each matched to the ritu of the same two months (இளவேனில்: Chithirai
    // and Vaikasi, as Vasanta is Chaitra and Vaishakha).
    ritu: ['இளவேனில்', 'முதிர்வேனில்', 'கார்', 'கூதிர்', 'முன்பனி', 'பின்பனி'],
    yoga: [
      'விஷ்கம்பம்',
      'ப்ரீதி',
      'ஆயுஷ்மான்',
      'சௌபாக்கியம்',
      'சோபனம்',
      'அதிகண்டம்',
      'சுகர்மம்',
      'திருதி',
      'சூலம்',
      'கண்டம்',
      'விருத்தி',
      'துருவம்',
      'வியாகாதம்',
      'ஹர்ஷனம்',
      'வஜ்ரம்',
      'சித்தி',
      'வியதீபாதம்',
      'வரீயான்',
      'பரீகம்',
      'சிவம்',
      'சித்தம்',
      'சாத்தியம்',
      'சுபம்',
      'சுப்பிரமம்',
      'பிராம்யம்',
      'ஐந்திரம்',
      'வைதிருதி',
    ],
    karana: ['பவ', 'பாலவ', 'கௌலவ', 'தைதூலை', 'கரசை', 'வணிசை', 'பத்தரை', 'சகுனி', 'சதுஷ்பாதம்', 'நாகவம்', 'கிம்ஸ்துக்னம்'],
    tithi: [
      'பிரதமை',
      'த்விதியை',
      'த்ரிதியை',
      'சதுர்த்தி',
      'பஞ்சமி',
      'சஷ்டி',
      'சப்தமி',
      'அஷ்டமி',
      'நவமி',
      'தசமி',
      'ஏகாதசி',
      'துவாதசி',
      'த்ரியோதசி',
      'சதுர்தசி',
      'பௌர்ணமி',
      'அமாவாசை',
    ],
    paksha: ['வளர்பிறை', 'தேய்பிறை'],
    nakshatra: [
      'அஸ்வதி',
      'பரணி',
      'கார்த்திகை',
      'ரோகிணி',
      'மிருகசீர்ஷம்',
      'திருவாதிரை',
      'புனர்பூசம்',
      'பூசம்',
      'ஆயில்யம்',
      'மகம்',
      'பூரம்',
      'உத்திரம்',
      'ஹஸ்தம்',
      'சித்திரை',
      'சுவாதி',
      'விசாகம்',
      'அனுஷம்',
      'கேட்டை',
      'மூலம்',
      'பூராடம்',
      'உத்திராடம்',
      'திருவோணம்',
      'அவிட்டம்',
      'சதயம்',
      'பூரட்டாதி',
      'உத்திரட்டாதி',
      'ரேவதி',
    ],
    rashi: ['மேஷம்', 'ரிஷபம்', 'மிதுனம்', 'கடகம்', 'சிம்மம்', 'கன்னி', 'துலாம்', 'விருச்சிகம்', 'தனுசு', 'மகரம்', 'கும்பம்', 'மீனம்'],
    // Sixth pass: the nine as the page names them (the seven, then the shadow planets ராகு, கேது).
    graha: ['சூரியன்', 'சந்திரன்', 'செவ்வாய்', 'புதன்', 'குரு', 'சுக்கிரன்', 'சனி', 'ராகு', 'கேது'],
  },
  te: {
    // Prabhava … Akshaya: a name where two of the cited Telugu lists write it alike (the two whole
    // lists, tpanchang and telugurush, mostly; telugustop, hindutemplenews and the te.wikipedia year
    // article settle 6, 14, 15, 17 and 52). Null where no two agree: 8 (భవ / భావ / బావ), 13, 31,
    // 32, 43, 47, 56, 58.
    samvatsara: [
      'ప్రభవ',
      'విభవ',
      'శుక్ల',
      'ప్రమోదూత',
      'ప్రజోత్పత్తి',
      'అంగీరస',
      'శ్రీముఖ',
      _,
      'యువ',
      'ధాత',
      'ఈశ్వర',
      'బహుధాన్య',
      _,
      'విక్రమ',
      'వృష',
      'చిత్రభాను',
      'స్వభాను',
      'తారణ',
      'పార్థివ',
      'వ్యయ',
      'సర్వజిత్',
      'సర్వధారి',
      'విరోధి',
      'వికృతి',
      'ఖర',
      'నందన',
      'విజయ',
      'జయ',
      'మన్మథ',
      'దుర్ముఖి',
      _,
      _,
      'వికారి',
      'శార్వరి',
      'ప్లవ',
      'శుభకృత్',
      'శోభకృత్',
      'క్రోధి',
      'విశ్వావసు',
      'పరాభవ',
      'ప్లవంగ',
      'కీలక',
      _,
      'సాధారణ',
      'విరోధికృత్',
      'పరీధావి',
      _,
      'ఆనంద',
      'రాక్షస',
      'నల',
      'పింగళ',
      'కాళయుక్తి',
      'సిద్ధార్థి',
      'రౌద్రి',
      'దుర్మతి',
      _,
      'రుధిరోద్గారి',
      _,
      'క్రోధన',
      'అక్షయ',
    ],
    ritu: ['వసంత', 'గ్రీష్మ', 'వర్ష', 'శరద్', 'హేమంత', 'శిశిర'],
    karana: ['బవ', 'బాలవ', 'కౌలవ', 'తైతుల', 'గరజి', 'వణిజ', 'విష్టి', 'శకుని', 'చతుష్పాత్', 'నాగ', 'కింస్తుఘ్న'],
    tithi: ['పాడ్యమి', 'విదియ', 'తదియ', 'చవితి', 'పంచమి', 'షష్ఠి', 'సప్తమి', 'అష్టమి', 'నవమి', 'దశమి', 'ఏకాదశి', 'ద్వాదశి', 'త్రయోదశి', 'చతుర్దశి', 'పౌర్ణమి', 'అమావాస్య'],
    paksha: ['శుక్ల', 'కృష్ణ'],
    nakshatra: [
      'అశ్వని',
      'భరణి',
      'కృత్తిక',
      'రోహిణి',
      'మృగశిర',
      'ఆర్ద్ర',
      'పునర్వసు',
      'పుష్యమి',
      'ఆశ్లేష',
      'మఖ',
      'పుబ్బ',
      'ఉత్తర',
      'హస్త',
      'చిత్త',
      'స్వాతి',
      'విశాఖ',
      'అనూరాధ',
      'జ్యేష్ట',
      'మూల',
      'పూర్వాషాఢ',
      'ఉత్తరాషాఢ',
      'శ్రవణము',
      'ధనిష్ఠ',
      'శతభిషము',
      'పూర్వాభాద్ర',
      'ఉత్తరాభాద్ర',
      'రేవతి',
    ],
    // The page writes 16 "సిద్ది" and 21 "సిద్ధి" (Siddhi for Siddha): both left null.
    rashi: ['మేషం', 'వృషభం', 'మిథునం', 'కర్కాటకం', 'సింహం', 'కన్య', 'తుల', 'వృశ్చికం', 'ధనుస్సు', 'మకరం', 'కుంభం', 'మీనం'],
    // Sixth pass: the page's numbered list of the nine (an almanac's; others write గురువు, రాహువు, కేతువు).
    graha: ['సూర్యుడు', 'చంద్రుడు', 'అంగారకుడు', 'బుధుడు', 'బృహస్పతి', 'శుక్రుడు', 'శని', 'రాహు', 'కేతు'],
    yoga: [
      'విష్కంభం',
      'ప్రీతి',
      'ఆయుష్మాన్',
      'సౌభాగ్య',
      'శోభన',
      'అతిగండ',
      'సుకర్మ',
      'ధృతి',
      'శూల',
      'గండ',
      'వృద్ధి',
      'ధృవ',
      'వ్యాఘాత',
      'హర్షణ',
      'వజ్ర',
      _,
      'వ్యతీపాత',
      'వరీయాన్',
      'పరిఘ',
      'శివ',
      _,
      'సాధ్య',
      'శుభ',
      'శుక్ల',
      'బ్రహ్మ',
      'ఇంద్ర',
      'వైధృతి',
    ],
  },
  or: {
    paksha: ['ଶୁକ୍ଲ', 'କୃଷ୍ଣ'],
    // Odisha's six seasons; the sixth, Shishira, is ଶୀତ there. The page lists them from ଗ୍ରୀଷ୍ମ.
    ritu: ['ବସନ୍ତ', 'ଗ୍ରୀଷ୍ମ', 'ବର୍ଷା', 'ଶରତ', 'ହେମନ୍ତ', 'ଶୀତ'],
    rashi: ['ମେଷ', 'ବୃଷ', 'ମିଥୁନ', 'କର୍କଟ', 'ସିଂହ', 'କନ୍ୟା', 'ତୁଳା', 'ବିଛା', 'ଧନୁ', 'ମକର', 'କୁମ୍ଭ', 'ମୀନ'],
    // Sixth pass: IndoWordNet's gloss of ନବଗ୍ରହ, which names the nine in order.
    graha: ['ସୂର୍ଯ୍ୟ', 'ଚନ୍ଦ୍ର', 'ମଙ୍ଗଳ', 'ବୁଧ', 'ଗୁରୁ', 'ଶୁକ୍ର', 'ଶନି', 'ରାହୁ', 'କେତୁ'],
    // Fifth pass. Tithis as or.wikipedia's tithi and month articles write them, 10 and 13 from news
    // pages; 14 is written ଚତୁର୍ଦଶୀ only in festival names (ଚତୁର୍ଦ୍ଦଶୀ is the usual spelling): null.
    tithi: ['ପ୍ରତିପଦ', 'ଦ୍ୱିତୀୟା', 'ତୃତୀୟା', 'ଚତୁର୍ଥୀ', 'ପଞ୍ଚମୀ', 'ଷଷ୍ଠୀ', 'ସପ୍ତମୀ', 'ଅଷ୍ଟମୀ', 'ନବମୀ', 'ଦଶମୀ', 'ଏକାଦଶୀ', 'ଦ୍ୱାଦଶୀ', 'ତ୍ରୟୋଦଶୀ', _, 'ପୂର୍ଣ୍ଣିମା', 'ଅମାବାସ୍ୟା'],
    // 15 of 27, each where a cited page names it with its place (an ordinal, or the lunar month named
    // after it); 19 as or.wikipedia's article writes it (or.wiktionary misspells it ମୁଳା). The rest were not found.
    nakshatra: [
      'ଅଶ୍ୱିନୀ',
      'ଭରଣୀ',
      'କୃତ୍ତିକା',
      _,
      'ମୃଗଶିରା',
      _,
      'ପୁନର୍ବସୁ',
      'ପୁଷ୍ୟା',
      'ଅଶ୍ଳେଷା',
      'ମଘା',
      _,
      _,
      'ହସ୍ତା',
      'ଚିତ୍ରା',
      'ସ୍ୱାତୀ',
      'ବିଶାଖା',
      _,
      _,
      'ମୂଳା',
      _,
      _,
      'ଶ୍ରବଣା',
      _,
      _,
      _,
      _,
      'ରେବତୀ',
    ],
  },
  kn: {
    paksha: ['ಶುಕ್ಲ', 'ಕೃಷ್ಣ'],
    tithi: ['ಪಾಡ್ಯ', 'ಬಿದಿಗೆ', 'ತದಿಗೆ', 'ಚೌತಿ', 'ಪಂಚಮಿ', 'ಷಷ್ಠಿ', 'ಸಪ್ತಮಿ', 'ಅಷ್ಟಮಿ', 'ನವಮಿ', 'ದಶಮಿ', 'ಏಕಾದಶಿ', 'ದ್ವಾದಶಿ', 'ತ್ರಯೋದಶಿ', 'ಚತುರ್ದಶಿ', 'ಹುಣ್ಣಿಮೆ', 'ಅಮಾವಾಸ್ಯೆ'],
    rashi: ['ಮೇಷ', 'ವೃಷಭ', 'ಮಿಥುನ', 'ಕಟಕ', 'ಸಿಂಹ', 'ಕನ್ಯಾ', 'ತುಲಾ', 'ವೃಶ್ಚಿಕ', 'ಧನು', 'ಮಕರ', 'ಕುಂಭ', 'ಮೀನ'],
    // Fifth pass: kn.wikipedia's season articles (ಶರತ್ ಋತು, which names the ವರ್ಷ ಋತು before it;
    // ಶಿಶಿರ) and IndoWordNet's ವಸಂತ; Grishma and Hemanta not found: null.
    ritu: ['ವಸಂತ', _, 'ವರ್ಷ', 'ಶರತ್', _, 'ಶಿಶಿರ'],
    // Fifth pass: 10 of 27, as kn.wikipedia's and the Mysore University encyclopaedia's (kn.wikisource)
    // articles write them (the ā-ending forms of those articles: ಮೃಗಶಿರಾ, ಹಸ್ತಾ, ಮೂಲಾ). Sixth pass: 10
    // more from Kannada news and astrology pages that name each with its place (ordinal or rashi),
    // in the forms in use there (ಆರಿದ್ರಾ, and ಮಖ, ಪುಬ್ಬ, ಉತ್ತರ as the Telugu column has them).
    // 9, 16, 20, 24-27 not found.
    nakshatra: [
      'ಅಶ್ವಿನಿ',
      'ಭರಣೀ',
      'ಕೃತ್ತಿಕಾ',
      'ರೋಹಿಣಿ',
      'ಮೃಗಶಿರಾ',
      'ಆರಿದ್ರಾ',
      'ಪುನರ್ವಸು',
      'ಪುಷ್ಯ',
      _,
      'ಮಖ',
      'ಪುಬ್ಬ',
      'ಉತ್ತರ',
      'ಹಸ್ತಾ',
      'ಚಿತ್ತಾ',
      'ಸ್ವಾತಿ',
      _,
      'ಅನೂರಾಧಾ',
      'ಜ್ಯೇಷ್ಠಾ',
      'ಮೂಲಾ',
      _,
      'ಉತ್ತರಾಷಾಢ',
      'ಶ್ರವಣ',
      'ಧನಿಷ್ಠ',
      ..._n(4),
    ],
    // Only the years two Ugadi reports name alike: 33 ವಿಕಾರಿ, 34 ಶಾರ್ವರಿ, 39 ವಿಶ್ವಾವಸು; seventh pass,
    // 35 ಪ್ಲವ and 38 ಕ್ರೋಧಿ. 37 is written ಶೋಭಕೃತ್ and ಶೋಭಾಕೃತ್, 40 ಪರಾಭವ found on one page: null.
    // Also seventh pass: a Kannada list of the sixty in order (oppanna.com, 2010, read to 28), each
    // name where a second page names that year: 1-3 (kn.wikipedia), 23-26 (Ugadi pages of 2009-2012).
    samvatsara: ['ಪ್ರಭವ', 'ವಿಭವ', 'ಶುಕ್ಲ', ..._n(19), 'ವಿರೋಧಿ', 'ವಿಕೃತಿ', 'ಖರ', 'ನಂದನ', ..._n(6), 'ವಿಕಾರಿ', 'ಶಾರ್ವರಿ', 'ಪ್ಲವ', _, _, 'ಕ್ರೋಧಿ', 'ವಿಶ್ವಾವಸು', ..._n(21)],
  },
  ml: {
    // 1-14 as the page lists them (in the older encoding, ര് for the chillu ർ); it names 15 and 16
    // only inflected. Sixth pass: 15 as ml.wikipedia's article is titled, 16 as the Sarvavijnanakosam
    // entry is (a Malayalam astrology page's list of the tithis ends with it too).
    tithi: [
      'പ്രതിപദം',
      'ദ്വിതീയ',
      'തൃതീയ',
      'ചതുര്ത്ഥി',
      'പഞ്ചമി',
      'ഷഷ്ഠി',
      'സപ്തമി',
      'അഷ്ടമി',
      'നവമി',
      'ദശമി',
      'ഏകാദശി',
      'ദ്വാദശി',
      'ത്രയോദശി',
      'ചതുര്ദ്ദശി',
      'പൗർണ്ണമി',
      'അമാവാസി',
    ],
    // Sixth pass: the names in use (as Tamil's), the bright and the dark fortnight, as the page writes them.
    paksha: ['വെളുത്ത പക്ഷം', 'കറുത്ത പക്ഷം'],
    ritu: ['വസന്തം', 'ഗ്രീഷ്മം', 'വർഷം', 'ശരദ്', 'ഹേമന്തം', 'ശിശിരം'],
    nakshatra: [
      'അശ്വതി',
      'ഭരണി',
      'കാർത്തിക',
      'രോഹിണി',
      'മകയിരം',
      'തിരുവാതിര',
      'പുണർതം',
      'പൂയം',
      'ആയില്യം',
      'മകം',
      'പൂരം',
      'ഉത്രം',
      'അത്തം',
      'ചിത്തിര',
      'ചോതി',
      'വിശാഖം',
      'അനിഴം',
      'തൃക്കേട്ട',
      'മൂലം',
      'പൂരാടം',
      'ഉത്രാടം',
      'തിരുവോണം',
      'അവിട്ടം',
      'ചതയം',
      'പൂരോരുട്ടാതി',
      'ഉത്രട്ടാതി',
      'രേവതി',
    ],
    // Sixth pass: the page's numbered list; null where it writes a name in the older encoding's
    // chillu (3, 7, 14, 18: an invisible joiner cannot be checked in the copy read) or inflected or
    // garbled (20-27: ശിവ:, … ശുഭ്ര(ക്ല), ബ്രാഹ്മ:). 10 and 19 as it writes them, without -ം.
    yoga: [
      'വിഷ്കംഭം',
      'പ്രീതി',
      _,
      'സൗഭാഗ്യം',
      'ശോഭനം',
      'അതിഗണ്ഡം',
      _,
      'ധൃതി',
      'ശൂലം',
      'ഗണ്ഡ',
      'വൃദ്ധി',
      'ധ്രുവം',
      'വ്യാഘാതം',
      _,
      'വജ്രം',
      'സിദ്ധി',
      'വ്യതിപാതം',
      _,
      'പരിഘ',
      ..._n(8),
    ],
    rashi: ['മേടം', 'ഇടവം', 'മിഥുനം', 'കർക്കടകം', 'ചിങ്ങം', 'കന്നി', 'തുലാം', 'വൃശ്ചികം', 'ധനു', 'മകരം', 'കുംഭം', 'മീനം'],
    // Sixth pass: ml.wikipedia's list of the nine, which names the Sun ആദിത്യൻ and Mars കുജൻ.
    graha: ['ആദിത്യൻ', 'ചന്ദ്രൻ', 'കുജൻ', 'ബുധൻ', 'വ്യാഴം', 'ശുക്രൻ', 'ശനി', 'രാഹു', 'കേതു'],
  },
};

/** Where each column comes from (the page, its licence where it states one); limb-names.SOURCES.md has the detail. */
export const LIMB_SOURCES: Partial<Record<Lang, Partial<Record<LimbKind, string>>>> = {
  hi: {
    tithi: 'hindibooks.app/book/844/39147 (the sixteen tithi names)',
    nakshatra:
      'hi.wikipedia.org "नक्षत्र" (revision 2000606, CC BY-SA 4.0) for 1-18 and 22-24; cpsr2021.blogspot.com/2021/07 for 19-21 and 25-27, which that revision misspells or lacks',
    rashi: 'onlineschem.com, "राशि चक्र (Zodiac Sign)" list of the 12 rashis',
    graha: 'jyotishvidya.blogspot.com/2008/05 (nakshatra lords), all nine grahas',
    yoga: 'indiaancientastrology.blogspot.com, "योग - सूर्य और चन्द्रमा की स्थिति" table (1-21) and slidepub.com slideshow 8293, "27 योगों के नाम" (22-27); the two agree on 1-21',
    karana: 'slidepub.com slideshow 8293, "करण" (the eleven karanas; Kimstughna misspelt there, left out)',
    paksha: 'Bharatkosh (bharatdiscovery.org), "पक्षधर": "प्रत्येक माह में दो पक्ष होते हैं- कृष्ण और शुक्ल"',
    ritu: 'IIT Bombay CFILT Hindi Shabdamitra, "ऋतु" (the six seasons from वसंत)',
    samvatsara:
      'G. H. Ojha, भारतीय प्राचीन लिपिमाला (1918), p. 218, on hi.wikisource.org (unproofread OCR; CC BY-SA), names 1-47; the verse list "प्रभवो १ विभवः २ …" at transliteral.org (all sixty, numbered); Bharatkosh (bharatdiscovery.org) articles on single years (39, 48, 53, 57) and a 2014 almanac note (41); 10 left out (limb-names.SOURCES.md)',
  },
  mr: {
    tithi: 'jeevanmarathi.in (2023/11), "16 मराठी तिथींची नावे"; mr.wikipedia.org "पक्ष (कालमापन)" (CC BY-SA 4.0) writes पोर्णिमा and अमावस्या the same',
    paksha: 'mr.wikipedia.org "पक्ष (कालमापन)" (CC BY-SA 4.0): शुक्लपक्ष, कृष्णपक्ष (stored without पक्ष, as the other columns)',
    rashi: 'Lokmat (lokmat.com), "राशी" topic page: the twelve in order, मेष … मीन',
    ritu: 'windowsofnewthoughts.com, "Six Seasons : सहा ऋतू" (2024); uttar.co gives the same six',
    nakshatra: 'mr.wikipedia.org "पंचांग" (revision 1676225, CC BY-SA 4.0) for 1-20; kiranbjadhav.blogspot.com/2019/02 for 21-27',
    graha: 'kiranbjadhav.blogspot.com/2019/02 ("नक्षत्रे आणि नक्षत्रे स्वामी")',
    samvatsara:
      'Gudhi Padwa reports naming the year, each name where two independent pages agree: 33 विकारी (sanatanprabhat.org 2023, thanevarta.in 2019), 35 प्लव (sanatanprabhat.org, newsdanka.com 2021), 37 शोभन (nagarsanket.com, mahamtb.com 2023); the rest English (limb-names.SOURCES.md)',
    yoga: 'pradnyaastro.blogspot.com/2019/07 ("२७ योग", the 27 numbered); 12, 14, 22 misspelt there, 18 and 25 written otherwise: left out',
  },
  gu: {
    ritu: 'gujaratigyan.com, "ઋતુઓના નામ" table (the six seasons from વસંત)',
    karana: 'bhrugusanhita.com, "કરણ" (2009): the eleven karanas (Bava and Kimstughna misspelt there, left out)',
    yoga: 'Shilpa Ratnakar (Gujarati), p. 54 ("યોગનાં નામ", numbered), as OCR text on jainqq.org: 18 of 27, those the OCR reads cleanly',
    nakshatra:
      'vedicastrology-gujarati.blogspot.com/2009/12 ("૨૭ નક્ષત્રો" table), 1-14; Bhavishya Vani (Gujarati book, pp. 199-200 on jainqq.org, the nakshatras in order), 15-18 and 21-25; navbharatsamay.in (Saturn in his own nakshatra, 2026), 26; 24 of 27',
    rashi: 'the same table, rashis 1-7; gu.wikipedia.org "રાશિ" (CC BY-SA 4.0), all twelve (8-12 from it; it writes 1-7 the same)',
    graha: 'the same table (the nakshatra lords), all nine grahas',
    paksha: 'gu.wikipedia.org "વિક્રમ સંવત" (CC BY-SA 4.0, MobileDiff 500357): "સુદ અને વદ (શુક્લ પક્ષ અને કૃષ્ણ પક્ષ)", the names in use',
  },
  bn: {
    ritu: 'techtodayz.com, "বাংলা ছয় ঋতুর নাম" table (the six seasons with their Bengali months)',
    nakshatra: 'bn.wikipedia.org "নক্ষত্র (চন্দ্রনিবাস)" (CC BY-SA), 1-22; usingha.com Bengali calendar (year page 261), 23-27',
    paksha: 'bn.wikipedia.org "পক্ষ" (CC BY-SA): শুক্লপক্ষ, কৃষ্ণপক্ষ (stored without পক্ষ)',
    rashi: 'reflectu.in, "কোন দিন জন্ম হলে কী রাশি হয়": মেষ … মীন, in order',
    tithi: 'bn.wikipedia.org "পক্ষ" (CC BY-SA), the table of the fifteen tithis of each paksha; usingha.com gives the same',
    yoga: 'usingha.com Bengali calendar, the daily yoga on its year pages 171, 261, 457, 1219 and 1220 (25 of 27 read there)',
    karana: 'usingha.com Bengali calendar, the daily karana on the same year pages (Kimstughna misspelt there, left out)',
    graha: 'study-research.net, "নবগ্রহ" (the nine in order); bn.wikipedia.org "নবগ্রহ" (CC BY-SA 4.0) gives the same',
  },
  ta: {
    samvatsara:
      'arivus.blogspot.com/2010/04 and manakkalayyampet.blogspot.com/2013/04 (lists, alike for 1-13), manakkalayyampet and tamiltshirts.com (16-18), lotteryguessing.com and idoc-pub (31-34), and press reports of the Tamil new year naming the year (35-39: chennaivasthu, vvonline, epdpnews, Zee News Tamil, Thinakaran, Samayam Tamil, thentamil, News1st); the rest English (limb-names.SOURCES.md)',
    ritu: 'Tamil Virtual Academy (tamilvu.org), Tolkappiyam commentary: the six seasons இளவேனில் … பின்பனி; Maraimalai Adigal, மறைமலையம் 8 p. 429 (ta.wikisource.org) gives the same',
    yoga: 'tamizhdb.com, "யோகங்கள் கரணங்கள்" (the 27 nama yogas); tamizhan.net gives the same list to 25',
    karana: 'ta.wikipedia.org "கரணம்" (CC BY-SA 4.0), the table of the eleven karanas; villangaseithi.com gives the same',
    tithi: 'indiantamizhan.blogspot.com/2019/05 (பஞ்சாங்கம்: திதி)',
    paksha: 'indiantamizhan.blogspot.com/2019/05 (வளர்பிறை, தேய்பிறை)',
    nakshatra: 'dhinasari.com, "நட்சத்திரங்கள் – 27" (the names in use, நடைமுறைப் பெயர்)',
    rashi: 'tamil.abplive.com daily rasi palan (the 12 rasis in order)',
    graha: 'muthamizhmalar.com, "நட்சத்திரகள் 27 – Astrology Stars" (the seven grahas, then ராகு, கேது)',
  },
  te: {
    samvatsara:
      'tpanchang.blogspot.com/2016/04 ("తెలుగు సంవత్సరాల పేర్లు", the sixty numbered) and telugurush.com ("సంకల్పం సూచనలు": the sixty with their years), each name where two cited lists agree (telugustop.com, hindutemplenews.in and te.wikipedia settle five); 8 left out (limb-names.SOURCES.md)',
    ritu: 'astroknowledgeguide.blogspot.com/2014/07 ("ఋతువులు"); te.wikipedia.org "ఋతువు (అయోమయనివృత్తి)" (CC BY-SA 4.0) gives the same six',
    karana: 'astroexperts.blogspot.com/2017/10 ("కరణాలు వాటి ప్రాముఖ్యత"): the seven movable and four fixed karanas',
    tithi: 'omniguru.in, Pedda Bala Siksha "తిథులు - పక్షములు"',
    paksha: 'omniguru.in, Pedda Bala Siksha "తిథులు - పక్షములు"',
    nakshatra: 'horoscope-indianvedicastrology.blogspot.com/2014/10 ("నక్షత్రాలు – ఫలములు")',
    yoga: 'teluguone.com astrology, "యోగములు 27" (16 and 21 misspelt there, left out)',
    rashi: 'te.wikipedia.org "వర్గం:రాశులు" (CC BY-SA 4.0): the twelve, numbered, మేషం … మీనం',
    graha: 'sgspanchangam.in, "గ్రహములు" (the nine, numbered)',
  },
  or: {
    paksha: 'otvkhabar.in (Odisha TV) daily panjika lines, 2022-2024 ("ଶୁକ୍ଲପକ୍ଷ", "କୃଷ୍ଣପକ୍ଷ")',
    rashi: 'otvkhabar.in (Odisha TV) daily panjika and horoscope lines, 2022-2024 (Moon and ghata signs; all twelve read there)',
    ritu: 'odiapost.com, "Six Seasons Name In Odia" (ଗ୍ରୀଷ୍ମ … ବସନ୍ତ); odiatopics.in gives the same but ବର୍ଷ',
    tithi:
      'or.wikipedia.org (CC BY-SA 4.0): "ତୃତୀୟା" (2-4), the month articles "ମାଘ" (4, 5, 7, 11, 15, 16) and "ମାର୍ଗଶିର" (8, 9, 12), "ଷଠି ଓଷା" (6), "ମାସ" (1, through a mirror); samayalive.in (10) and thetruths.in (13); 14 left out',
    nakshatra:
      'or.wikipedia.org (CC BY-SA 4.0): "ଭରଣୀ (ନକ୍ଷତ୍ର)" (2; 1 and 27 named as the first and last), "ମୂଳା (ନକ୍ଷତ୍ର)" (19, MobileDiff 285722), the month articles (3, 5, 10, 14, 16); or.wiktionary.org "ପୁରୁଷ ନକ୍ଷତ୍ର" (5, 7, 8, 13, 22 with their numbers); IndoWordNet Odia entries (1, 8, 9, 15); 15 of 27',
    graha: 'IndoWordNet Odia "ନବଗ୍ରହ" (as republished by ଅଭିଧାନ.ଭାରତ): the nine in order',
  },
  kn: {
    paksha: 'kn.wikipedia.org "ಪಂಚಾಂಗ" (CC BY-SA 4.0): ಶುಕ್ಲಪಕ್ಷ, ಕೃಷ್ಣಪಕ್ಷ (stored without ಪಕ್ಷ)',
    tithi: 'kn.wikipedia.org "ಪಂಚಾಂಗ" (CC BY-SA 4.0), the tithis of each paksha (read in a revision diff, MobileDiff 365499)',
    rashi: 'kn.wikipedia.org "ರಾಶಿ" (CC BY-SA 4.0; read through a mirror)',
    ritu: 'kn.wikipedia.org (CC BY-SA 4.0) "ಶರತ್ ಋತು" (Sharad, and Varsha before it) and "ಶಿಶಿರ"; IndoWordNet Kannada "ವಸಂತ" (Chaitra and Vaishakha); Grishma and Hemanta left out',
    nakshatra:
      'kn.wikipedia.org (CC BY-SA 4.0) "ರೋಹಿಣಿ (ನಕ್ಷತ್ರ)", "ಮೃಗಶಿರಾ" (the fifth), "ಮೂಲಾ", "ಉತ್ತರಾಷಾಢ" (the 21st), "ವೃಶ್ಚಿಕರಾಶಿ" (ಅನೂರಾಧಾ, ಜ್ಯೇಷ್ಠಾ); the Mysore University encyclopaedia on kn.wikisource.org "ಕೃತ್ತಿಕಾ", "ಹಸ್ತಾ" (the 13th), "ಸ್ವಾತಿ", "ಕನ್ಯಾರಾಶಿ" (ಚಿತ್ತಾ); sixth pass, Kannada news and astrology pages naming each with its place: jatakaphalasaar.com (1), TV9 Kannada (2), trendyduniyakannada.com (6), savaltv.com (7), News18 Kannada (8), Hindustan Times Kannada (10-12 by their rashi; 23), thongthai.org (22); 20 of 27',
    samvatsara:
      'a Kannada list of the sixty in order (oppanna.com "ಸಂವತ್ಸರಂಗೊ", 2010, read to 28) with kn.wikipedia.org "ಸಂವತ್ಸರಗಳು" (CC BY-SA 4.0) for 1-3, sampada.net 2009 for 23 ವಿರೋಧಿ, sampada.net 2010 for 24 ವಿಕೃತಿ, Prajavani 2011 for 25 ಖರ, sampada.net 2012 for 26 ನಂದನ; Ugadi reports naming the year, each name where two pages agree: 33 ವಿಕಾರಿ (aralimara.com 2019, Asianet Suvarna 2020, adyot.news 2020), 34 ಶಾರ್ವರಿ (Asianet Suvarna, adyot.news 2020), 35 ಪ್ಲವ (Asianet Suvarna 2021, sukaavya.blogspot.com 2021/04), 38 ಕ್ರೋಧಿ (TV9 Kannada 2024; Hindustan Times Kannada 2024 as ಕ್ರೋಧಿನಾಮ), 39 ವಿಶ್ವಾವಸು (Hindustan Times Kannada 2024, shikshanaratna.com 2025); the rest English',
  },
  ml: {
    tithi:
      'planetjyothisham.blogspot.com/2017/12 (the fourteen tithis of each paksha with their deities), 1-14; ml.wikipedia.org "പൗർണ്ണമി" (CC BY-SA 4.0), 15; Sarvavijnanakosam (sarvavijnanakosam.gov.in) "അമാവാസി", 16',
    paksha: 'a Malayalam astrology page (MahaMaya Jyothisthalam, Kochi, 2021, as republished by findhealthclinics.com): വെളുത്ത പക്ഷം, കറുത്ത പക്ഷം',
    yoga: 'avanipublicationstvm.blogspot.com/2021/05 (S. Sreenivas Iyer, "നിത്യയോഗം എന്നാല്", the 27 numbered); 15 taken, the rest written in the older chillu encoding, inflected or garbled there',
    ritu: 'mechamcoden.blogspot.com/2012/11 ("ഋതുക്കള്"), 1-4; malayalam.webdunia.com ("ഋതുക്കളും ചന്ദ്രമാസങ്ങളും"), 5-6 and the same four',
    nakshatra: 'kaakkoo.blogspot.com/2011/12 ("മലയാളം പഞ്ചാംഗത്തിലെ നക്ഷത്രങ്ങൾ"); 25 as theertham-masika.blogspot.com/2009 spells it',
    rashi: 'kaakkoo.blogspot.com/2011/12 (the Malayalam rashis, listed from Chingam; here from Medam)',
    graha: 'ml.wikipedia.org "നവഗ്രഹങ്ങൾ" (CC BY-SA 4.0): the nine in order (ആദിത്യൻ, കുജൻ as it writes them); kalakaumudi.com gives the same',
  },
};

/** A limb's name in a language, or undefined when no cited page gave it (the caller keeps English). */
export function limbName(lang: Lang, kind: LimbKind, index: number): string | undefined {
  return TABLE[lang]?.[kind]?.[index] ?? undefined;
}

/** How many names of each kind a language has (for the decision record and the tests). */
export function coverage(lang: Lang): Record<LimbKind, number> {
  return Object.fromEntries(LIMB_KINDS.map((k) => [k, (TABLE[lang]?.[k] ?? []).filter((n) => n !== null).length])) as Record<LimbKind, number>;
}

/** The column sizes each kind must have. */
export const KIND_SIZE: Record<LimbKind, number> = { tithi: 16, paksha: 2, nakshatra: 27, yoga: 27, karana: 11, rashi: 12, graha: 9, samvatsara: 60, ritu: 6 };

/** The limbs of a day by number, as the answers number them (all from 1). */
export interface LimbNumbers {
  /** 1..30: Shukla Pratipada 1 … Purnima 15, Krishna Pratipada 16 … Amavasya 30. */
  tithi: number;
  nakshatra: number;
  yoga: number;
  /** 1..60 of the lunar month (Kimstughna 1, the movable seven from 2, the fixed three 58-60). */
  karana?: number;
  sun_sign?: number;
  moon_sign?: number;
  /** 1..60, Prabhava 1. */
  samvatsara?: number;
  /** 1..6, Vasanta 1. */
  ritu?: number;
}

const KARANA_EN = ['Bava', 'Balava', 'Kaulava', 'Taitila', 'Gara', 'Vanija', 'Vishti', 'Shakuni', 'Chatushpada', 'Naga', 'Kimstughna'];
/** Karana 1..60 to its column index (the movable seven, then Shakuni, Chatushpada, Naga, Kimstughna). */
const karanaIndex = (n: number) => (n === 1 ? 10 : n >= 58 ? 7 + (n - 58) : (n - 2) % 7);

interface English {
  tithis: readonly string[];
  nakshatras: readonly string[];
  yogas: readonly string[];
  rashis: readonly string[];
  samvatsaras: readonly string[];
  ritus: readonly string[];
}

/**
 * A day's limbs named in a language: each name from the table, or the English one where the
 * table has none (listed in `english_fallback`, so a client can tell).
 */
export function localLimbs(lang: Lang, n: LimbNumbers, en: English) {
  const fallback = new Set<string>();
  const pick = (field: string, kind: LimbKind, i: number, english: string) => {
    const name = limbName(lang, kind, i);
    if (name === undefined) fallback.add(field);
    return name ?? english;
  };
  const krishna = n.tithi > 15;
  const t = n.tithi === 15 ? 14 : n.tithi === 30 ? 15 : (n.tithi - 1) % 15;
  const out: { tithi: string; paksha: string; nakshatra: string; yoga: string } & Partial<
    Record<'karana' | 'sun_sign' | 'moon_sign' | 'samvatsara' | 'ritu', string>
  > = {
    tithi: pick('tithi', 'tithi', t, t >= 14 ? (t === 14 ? 'Purnima' : 'Amavasya') : en.tithis[t]!),
    paksha: pick('paksha', 'paksha', krishna ? 1 : 0, krishna ? 'Krishna' : 'Shukla'),
    nakshatra: pick('nakshatra', 'nakshatra', n.nakshatra - 1, en.nakshatras[n.nakshatra - 1]!),
    yoga: pick('yoga', 'yoga', n.yoga - 1, en.yogas[n.yoga - 1]!),
  };
  if (n.karana !== undefined) out.karana = pick('karana', 'karana', karanaIndex(n.karana), KARANA_EN[karanaIndex(n.karana)]!);
  if (n.sun_sign !== undefined) out.sun_sign = pick('sun_sign', 'rashi', n.sun_sign - 1, en.rashis[n.sun_sign - 1]!);
  if (n.moon_sign !== undefined) out.moon_sign = pick('moon_sign', 'rashi', n.moon_sign - 1, en.rashis[n.moon_sign - 1]!);
  if (n.samvatsara !== undefined) out.samvatsara = pick('samvatsara', 'samvatsara', n.samvatsara - 1, en.samvatsaras[n.samvatsara - 1]!);
  if (n.ritu !== undefined) out.ritu = pick('ritu', 'ritu', n.ritu - 1, en.ritus[n.ritu - 1]!);
  return { ...out, english_fallback: [...fallback] };
}
