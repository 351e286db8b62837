// The month names of the four regional solar calendars, by the sign the Sun is in (index 0 =
// Mesha), each in its usual English spelling and its own script. Sources: the month tables of
// Wikipedia's "Tamil calendar", "Malayalam calendar", "Bengali calendars" and "Odia calendar"
// articles (CC BY-SA 4.0; the names are facts, cited here), which agree with Sewell & Dikshit,
// The Indian Calendar (1896), Table II part ii.

export type SolarCalendar = 'tamil' | 'malayalam' | 'bengali' | 'odia';

type Names = readonly { en: string; native: string }[];
const pairs = (en: readonly string[], native: readonly string[]): Names => en.map((e, i) => ({ en: e, native: native[i]! }));

export const SOLAR_MONTHS: Record<SolarCalendar, Names> = {
  tamil: pairs(
    ['Chithirai', 'Vaikasi', 'Aani', 'Aadi', 'Avani', 'Purattasi', 'Aippasi', 'Karthigai', 'Margazhi', 'Thai', 'Maasi', 'Panguni'],
    ['சித்திரை', 'வைகாசி', 'ஆனி', 'ஆடி', 'ஆவணி', 'புரட்டாசி', 'ஐப்பசி', 'கார்த்திகை', 'மார்கழி', 'தை', 'மாசி', 'பங்குனி'],
  ),
  malayalam: pairs(
    ['Medam', 'Edavam', 'Mithunam', 'Karkidakam', 'Chingam', 'Kanni', 'Thulam', 'Vrischikam', 'Dhanu', 'Makaram', 'Kumbham', 'Meenam'],
    ['മേടം', 'ഇടവം', 'മിഥുനം', 'കർക്കടകം', 'ചിങ്ങം', 'കന്നി', 'തുലാം', 'വൃശ്ചികം', 'ധനു', 'മകരം', 'കുംഭം', 'മീനം'],
  ),
  bengali: pairs(
    ['Boishakh', 'Joishtho', 'Asharh', 'Shrabon', 'Bhadro', 'Ashwin', 'Kartik', 'Ogrohayon', 'Poush', 'Magh', 'Falgun', 'Choitro'],
    ['বৈশাখ', 'জ্যৈষ্ঠ', 'আষাঢ়', 'শ্রাবণ', 'ভাদ্র', 'আশ্বিন', 'কার্তিক', 'অগ্রহায়ণ', 'পৌষ', 'মাঘ', 'ফাল্গুন', 'চৈত্র'],
  ),
  odia: pairs(
    ['Baisakha', 'Jyeshtha', 'Ashadha', 'Shrabana', 'Bhadraba', 'Ashwina', 'Kartika', 'Margasira', 'Pausha', 'Magha', 'Phalguna', 'Chaitra'],
    ['ବୈଶାଖ', 'ଜ୍ୟେଷ୍ଠ', 'ଆଷାଢ଼', 'ଶ୍ରାବଣ', 'ଭାଦ୍ରବ', 'ଆଶ୍ୱିନ', 'କାର୍ତ୍ତିକ', 'ମାର୍ଗଶିର', 'ପୌଷ', 'ମାଘ', 'ଫାଲ୍ଗୁନ', 'ଚୈତ୍ର'],
  ),
};
