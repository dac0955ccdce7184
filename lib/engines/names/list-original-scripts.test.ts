import { describe, expect, it } from "vitest";
import { maghrebiSpellings } from "@/lib/engines/names/abjad";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

// A list's own names in their original script against the Latin names it gives the same entries (issue 30,
// twenty-third round; `npm run eval:screening-scripts` on the UN Consolidated List): each pair below is one UN entry's
// NAME_ORIGINAL_SCRIPT and its Latin name, as the UN publishes them.
const org = (a: string, b: string) => similarity(a, b, "ORGANIZATION");
/** Each pair of a name in Arabic letters and its Latin spelling meets at 0.9 or more. */
const expectEachAlike = (pairs: readonly (readonly [string, string])[]) => {
  for (const [arabic, latin] of pairs)
    expect(similarity(arabic, latin), `${arabic} ~ ${latin}`).toBeGreaterThanOrEqual(0.9);
};

describe("a person's name in Arabic or Persian letters against the list's Latin spelling", () => {
  it("reads a run of words in their words' other readings too, as a name with ULLAH joined (SANAULLAH)", () => {
    // 0.21, 0.41 before: ثناء + اللہ was read THNA LH only, never SNA LH, against SANAULLAH
    expect(similarity("ثناء اللہ غفاری", "SANAULLAH GHAFARI")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("نذیر الله حنفى ولى الله", "NAZIRULLAH HANAFI WALIULLAH")).toBeGreaterThanOrEqual(0.9);
    expect(blocks("ثناء اللہ غفاری", "SANAULLAH GHAFARI")).toBe(true);
    // HAJI written with the alef maksura, as the UN writes it, is a title as حاجی and حاجي are (0.52 before, against
    // the UN's Latin name with its placeholder "na")
    expect(similarity("حاجى فیض الله خان نورزى", "FAIZULLAH KHAN NOORZAI na")).toBeGreaterThanOrEqual(0.9);
    // another given name joined to ULLAH stays another
    expect(similarity("ثناء اللہ غفاری", "HABIBULLAH GHAFARI")).toBeLessThan(T);
  });

  it("pairs a word written twice in order (OULD MUHAMMAD … OULD MUHAMMAD)", () => {
    // 0.26 before: the second OULD and MUHAMMAD took the first ones' partners, eight crossings
    const un = "ABD AL-RAHMAN OULD MUHAMMAD AL-HUSAYN OULD MUHAMMAD SALIM";
    expect(similarity("عبد الرحمن ولد محمد الحسين ولد محمد سليم", un)).toBeGreaterThanOrEqual(0.9);
    // the same names in another order still cross: the son is not the father
    expect(similarity("Ahmad bin Muhammad bin Ahmad", "Muhammad bin Ahmad bin Muhammad")).toBeLessThan(T);
  });

  it("reads ه ending a word as the vowel it is often typed for (زينيه ZEINIYE)", () => {
    // 0.48 before: ZYNYH against ZEINIYE
    expect(similarity("جمال حسين حسن زينيه", "JAMAL HUSSEIN HASSAN ZEINIYE")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("طه ياسين رمضان", "TAHA YASSIN RAMADAN")).toBeGreaterThanOrEqual(0.9);
    // ALLAH's H is no vowel: ABDULLAH is not ABDUL (0.95 were it read ABDALLA)
    expect(similarity("عبدالله", "ABDUL")).toBeLessThan(0.9);
  });

  it("reads French spellings of Arabic names: CH for SH, C for a cedilla's S, the article joined", () => {
    // 0.24, 0.48, 0.24, 0.55, 0.55 before
    expect(similarity("جمال عكاشة", "DJAMEL AKKACHA")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("عصام علي محمد علوش", "ISAM ALI MOHAMED ALOUCHE")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("فيصل بوغانمي", "FAYCAL BOUGHANEMI")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("سامي بن خميس بن صالح الصيد", "SAMI BEN KHAMIS BEN SALEH ELSSEID")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("سالم نور الدين امحمد الدبيسكي", "SALEM NOR ELDIN AMOHAMED AL-DABSKI")).toBeGreaterThanOrEqual(
      0.9,
    );
    expect(maghrebiSpellings("AKKACHA")).toContain("AKKASHA");
    expect(maghrebiSpellings("FAYCAL")).toContain("FAYSAL");
    expect(maghrebiSpellings("ESSEBSI")).toContain("SSEBSI"); // a doubled letter is one in the skeleton
    expect(maghrebiSpellings("ELSSEID")).toContain("SSEID");
    // a Latin name's own letters only ever meet an abjad's readings this way: another surname stays another
    expect(similarity("جمال عكاشة", "DJAMEL BELKACEM")).toBeLessThan(T);
  });

  it("pairs a run of words with one word of the other script only when that word is long enough to spell it", () => {
    // YAHYA's skeleton is H, lost in HAQQANI's HKN: read joined, يحيى حقانی met the UN's one-word alias HOCINE at 0.95,
    // and every HAQQANI alias at 0.75–0.81 with its other word unpaired
    expect(similarity("يحيى حقانی", "HOCINE")).toBeLessThan(T);
    expect(similarity("يحيى حقانی", "JALALUDDIN HAQANI")).toBeLessThan(T);
    expect(similarity("ایوب بشیر", "BASHIR YARE")).toBeLessThan(T);
    // each word then meets its own: 0.81 before each, a run taking both words and the other word left over
    expect(similarity("يحيى حقانی", "YAHYA HAQQANI")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("ابو بكر", "ABU BAKR")).toBeGreaterThanOrEqual(0.9);
    // a run the word does spell still meets it, the article Latin ends ABDUL with written on the next abjad word
    expect(similarity("ابو بكر البغدادي", "ABUBAKAR AL BAGHDADI")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("علی رضا", "ALIREZA")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("نظر محمدعبد البصیر", "NAZIR MOHAMMAD ABDUL BASIR")).toBeGreaterThanOrEqual(0.9);
  });

  it("asks the Latin word for the long vowels و and ی an Arabic word writes inside it (محمود is MAHMOUD, not MOHAMED)", () => {
    // 0.95 before each: MHMWD and MOHAMED, AHMDY and HAMID share their skeletons, and the و, the ی were left out
    expect(similarity("محمود", "MOHAMED")).toBeLessThan(T);
    expect(similarity("محمد احمدی", "MAHMOUD HAMID")).toBeLessThan(T);
    expect(similarity("عمر محمود عثمان", "MOHAMED OSMAN")).toBeLessThan(T); // 0.87 before
    // each keeps its own where both are written: of two pairs as alike, محمد ~ MAHMOUD and محمود ~ MAHMOUD, the word
    // with fewer partners chooses first (0.52 without: محمد took MAHMOUD, and محمود was left with MOHAMED only)
    expect(similarity("عبد القادر محمود محمد السيد", "ABD EL KADER MAHMOUD MOHAMED EL SAYED")).toBeGreaterThanOrEqual(
      0.9,
    );
    expectEachAlike([
      ["محمود", "MAHMUD"],
      ["محمود", "MEHMOOD"],
      ["احمدی", "AHMADI"],
      ["حسين", "HUSSAIN"],
      ["داود", "DAOUD"],
      // the vowels before the first consonant are not asked for, nor a final و
      ["ابراهيم", "BRAHIM"],
      ["عمرو", "AMR"],
      // nor a short vowel, whichever way Latin writes it
      ["مصطفى", "MOUSTAPHA"],
    ]);
  });
});

describe("a run of Latin words against one word in Arabic letters (twenty-fifth round)", () => {
  it("asks a run for the word's long vowels and for a consonant from each of its words", () => {
    // 0.78 and 0.76 before: the ی of خلیل was asked of one Latin word only, never of a run (CHO IL WOO, KHL)
    expect(similarity("خلیل احمد حقانی", "CHO IL WOO")).toBeLessThan(T);
    expect(similarity("خلیل احمد حقانی", "YU CHOL U")).toBeLessThan(T);
    // 0.73, 0.72 before: a run met a word by a skeleton a consonant or two off (KHLD against KHL, BDLHD against BDLHDSN)
    expect(similarity("خالد محمود", "YU CHOL U")).toBeLessThan(T);
    expect(similarity("عبد الواحد شفيق", "ABDUL HADI YASIN")).toBeLessThan(T);
    // a letter more in the middle of a run's skeleton is no article (LMSHF against LSHF)
    expect(similarity("علي ما يشو", "ELSHAFEE EL SHEIKH")).toBeLessThan(T);
    // but an article's L is: الشيبة was read without it (BN SHYBA, BNSHB; BINALSHIBH, BNLSHB)
    expect(similarity("رمزي محمد عبد الله بن الشيبة", "RAMZI MOHAMED ABDULLAH BINALSHIBH")).toBeGreaterThanOrEqual(0.9);
    // 0.84 before: AYUB's B merged with BASHIR's, the run took بشیر, and ایوب was left with nothing
    expect(similarity("ایوب بشیر", "AYUB BASHIR")).toBeGreaterThanOrEqual(0.9);
    // a run whose words each bring their consonants still meets the word, a letter off where it is long
    expect(similarity("عبداللطيف", "ABDEL LATIF")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("عبداللطیف صالح", "ABD AL-LATIF SALIH")).toBeGreaterThanOrEqual(0.9); // AL merges with LATIF's L
    expect(similarity("ثناءالله", "SANA ULLAH")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("نظر محمدعبد البصیر", "NAZIR MOHAMMAD ABDUL BASIR")).toBeGreaterThanOrEqual(0.9);
  });

  it("asks the Arabic word for the long vowels Latin writes EE and OO (AMEER is امیر, not عمر)", () => {
    // 0.95 and 0.80 before: MR's skeleton is AMEER's, and the EE was not asked of عمر
    expect(similarity("عمر", "AMEER")).toBeLessThan(T);
    expect(similarity("عمر محمود عثمان", "AMEER SALMAN")).toBeLessThan(T);
    expectEachAlike([
      ["امیر", "AMEER"],
      ["سعيد", "SAEED"],
      ["ظهیر", "ZAHEER"],
      ["مسعود", "MASOOD"],
      ["داود", "DAWOOD"],
    ]);
  });

  it("asks for a و or ی written after the word's first letter, before its first consonant (ایوب is AYUB, not ABU)", () => {
    expect(similarity("ایوب", "ABU")).toBeLessThan(T);
    for (const latin of ["AYUB", "AYYUB", "AIYUB"])
      expect(similarity("ایوب", latin), latin).toBeGreaterThanOrEqual(0.9);
    expect(similarity("یوسف", "YOUSSEF")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("اویس", "UWAIS")).toBeGreaterThanOrEqual(0.9);
  });
});

describe("a word in Arabic letters opens as its Latin spellings do (twenty-sixth round)", () => {
  it("opens with ی and و as the consonants Y and W, and with another consonant as one", () => {
    // 0.70, 0.86, 0.78 and 0.73 before (the eval's names against another entry): ولی WLY met ALI by its skeleton, یعقوب
    // (its reading YGHWB) met GHABRA a letter off, زبيدي met IZABAYO DEO joined, خان met ACHWAN
    expect(similarity("عبد الجليل حقانی ولی محمد", "Ali Mohammed Kony")).toBeLessThan(T);
    expect(similarity("محمد يعقوب", "MOHAMMED AL GHABRA")).toBeLessThan(T);
    expect(similarity("محمد حمزة زبيدي", "Izabayo Deo")).toBeLessThan(T);
    expect(similarity("مصطفى حجي محمد خان", "MOCHAMMAD ACHWAN")).toBeLessThan(T);
    expectEachAlike([
      ["ولی", "WALI"],
      ["ولی", "OUALI"],
      ["ولی", "VALI"],
      ["يعقوب", "YAQUB"],
      ["يوسف", "YUSUF"],
      ["يحيى", "IAHIA"],
      ["زبيدي", "ZUBAIDI"],
      // a letter Latin writes as a vowel or leaves out opens with anything
      ["عيسى", "AISSA"],
      ["عوض", "AWAD"],
      ["علي", "ALI"],
      // and the article French spellings join to a word is left out of it (ETTOUNSI: TOUNSI)
      ["تونسي", "ETTOUNSI"],
    ]);
  });

  it("reads a Latin W or Y opening a word before a vowel as و or ی, and an H opening a word as sounded", () => {
    // 0.82 before: علي (LY) met WALI by its skeleton L
    expect(similarity("محمد علي الحبو", "Mohammad Wali")).toBeLessThan(T);
    // 0.82 before: حقانی (HQANY) and KONY share the phonetic code KN, the H dropped before a consonant
    expect(similarity("محمد سلیم حقانی", "SALIM KONY")).toBeLessThan(T);
    expectEachAlike([
      ["محمد سلیم حقانی", "MOHAMMAD SALIM HAQQANI"],
      ["محمد ولی", "MOHAMMAD WALI"],
      ["ياسين", "YASSIN"],
    ]);
  });

  it("asks a word for the long vowel a Latin spelling ends with, and for a consonant it writes twice", () => {
    // 0.77 and 0.82 before: حامد (HAMD) met HAMMADOU by skeleton and then by phonetic code, زاهد met ZAHEDI; جانان met
    // JAN and JANI (0.83, 0.72), its two N's taken for one
    expect(similarity("عابد حامد محمود التكريتي", "Abid Hammadou")).toBeLessThan(T);
    expect(similarity("محمد زاهد", "MOHAMMAD REZA ZAHEDI")).toBeLessThan(T);
    expect(similarity("جانان آغا", "Jan Agha Ahmadzai")).toBeLessThan(T);
    expect(similarity("جانان آغا", "DAWOOD AGHA-JANI")).toBeLessThan(T);
    // سليمان is not SOLEYMANI (سلیمانی), nor is the run سليمان علي, its L all of علي (0.76 with the rule above alone)
    expect(similarity("سليمان جاسم سليمان علي أبوغيث", "GHASEM SOLEYMANI")).toBeLessThan(T);
    // but a run's one-letter word may stand in a longer Latin word: the UN list writes this name with its ه lost
    expect(similarity("محمد الل\uFFFD\uFFFD مطيع", "MOHAMMADULLAH MATI")).toBeGreaterThanOrEqual(0.85);
    expectEachAlike([
      ["حمادو", "HAMMADOU"],
      ["زاهدی", "ZAHEDI"],
      ["عبده", "ABDOU"], // ه read as the vowel
      ["عبدالله", "ABDULLAHI"], // ALLAH's genitive I
      ["جانان", "JANAN"],
      ["حسن ظاهرعويس", "HASSAN DAHIR AWEYS"], // ظ read DH: no H written twice
      ["بابا", "BABA"],
    ]);
  });

  it("reads a long A written with ا as A, O, E or a foreign name's U in Latin, never I (HAMMAD is not HAMID)", () => {
    // 0.84 before: عبد الله حماد met Col Abdel Hamid Mahmoud, حماد (HMAD) and HAMID sharing the skeleton HMD
    expect(similarity("عبد الله حماد محمد كريم", "Col Abdel Hamid Mahmoud")).toBeLessThan(T);
    expect(similarity("حماد", "HAMID")).toBeLessThan(T);
    expect(similarity("هشام", "HASHIM")).toBeLessThan(T);
    expectEachAlike([
      ["حماد", "HAMMAD"],
      ["هشام", "HISHAM"],
      ["ناصر", "NOSIR"],
      ["کمال", "KEMAL"],
      ["رحمان", "RAHMON"],
      ["عثمان", "USMAN"],
      ["سعاد", "SOUAD"],
      // a foreign name Arabic wrote, its short U as ا
      ["ترامب", "TRUMP"],
      // the article's alef inside a joined name, which Latin writes U
      ["عبدالقادر", "ABDULQADIR"],
      ["جلالالدين", "JALALUDDIN"],
      // and the article's, its L spoken as the sun letter after it, which Latin writes twice (bi-d-dam)
      ["الموقعون بالدم", "AL MOUAKAOUNE BIDDAM"],
    ]);
  });

  it("keeps two names of one root apart, one the other's participle with its M (MUSLIM is not SALIM)", () => {
    // 0.72 and 0.77 before: مسلم (MSLM) met SALIM (SLM), سلیم met MOSLIM, by a skeleton a letter off (0.79 a word)
    expect(similarity("محمد مسلم حقانى محمدی گل", "MOHAMMAD SALIM HAQQANI")).toBeLessThan(T);
    expect(similarity("محمد سلیم حقانی", "Moslim Haqqani")).toBeLessThan(T);
    expect(similarity("محسن", "HASAN")).toBeLessThan(T);
    expect(similarity("منصور", "NASR")).toBeLessThan(T);
    expectEachAlike([
      ["مسلم", "MUSLIM"],
      ["منصور", "MANSOOR"],
      ["محسن", "MOHSEN"],
    ]);
  });

  it("reads a word opening with an alef's vowel with it first: AHMAD is not HAMID, AKBAR not KABIR", () => {
    // 0.87 before: أحمد met HAMID and محمد MAHMOUD, both by their skeletons; 0.95 for the three below
    expect(similarity("محمد يونس أحمد", "Mahmoud Hamid")).toBeLessThan(T);
    expect(similarity("اکبر", "KABIR")).toBeLessThan(T);
    expect(similarity("اشرف", "SHARIF")).toBeLessThan(T); // SH one consonant
    expect(similarity("اسد", "SAAD")).toBeLessThan(T);
    expectEachAlike([
      ["أحمد", "AHMED"],
      ["ابراهيم", "BRAHIM"], // the Maghreb leaves the vowel out before two consonants
      ["اسماعيل", "SMAIL"],
      ["احمد ابن علي", "AHMED BIN ALI"], // and ابن's alef, which speech drops
    ]);
  });
});

describe("an organisation's name in Arabic, Persian or Chinese letters against the list's English name", () => {
  it("reads a country's name and its adjective as the country (المصري EGYPTIAN), and the UN entities' words", () => {
    // 0.39 before each: المصري was MSRY, the list's EGYPTIAN a word the screened name lacked
    expect(org("الجهاد الاسلامي المصري", "EGYPTIAN ISLAMIC JIHAD")).toBeGreaterThanOrEqual(0.9);
    expect(org("الجماعة الاسلامية المقاتلة الليبية", "LIBYAN ISLAMIC FIGHTING GROUP")).toBeGreaterThanOrEqual(0.9);
    expect(org("الجماعة التونسية المقاتلة", "TUNISIAN COMBATANT GROUP")).toBeGreaterThanOrEqual(0.9);
    expect(org("القاعده في العراق", "AL-QAIDA IN IRAQ")).toBeGreaterThanOrEqual(0.9);
    expect(org("شبکه حقانی", "HAQQANI NETWORK")).toBeGreaterThanOrEqual(0.9);
    expect(blocks("الجهاد الاسلامي المصري", "EGYPTIAN ISLAMIC JIHAD", "ORGANIZATION")).toBe(true);
    // another country is another organisation
    expect(org("الجماعة الاسلامية المقاتلة الليبية", "MOROCCAN ISLAMIC COMBATANT GROUP")).toBeLessThan(T);
    expect(org("الجهاد الاسلامي المصري", "PALESTINIAN ISLAMIC JIHAD")).toBeLessThan(T);
  });

  it("meets a word read as English by its letters' skeleton only, not the English word's (الاتحاد UNION is not IN)", () => {
    // 0.91 before: UNION's skeleton N met IN's, and الاتحاد الاسلامي was the ISLAMIC STATE IN YEMEN
    expect(org("الاتحاد الاسلامي", "ISLAMIC STATE IN YEMEN")).toBeLessThan(T);
    // the English word and the other English word it is written as still meet their own
    expect(org("الاتحاد الاسلامي", "ISLAMIC UNION")).toBeGreaterThanOrEqual(0.9);
    expect(org("الجماعة التونسية المقاتلة", "TUNISIAN COMBATANT GROUP")).toBeGreaterThanOrEqual(0.9);
    expect(org("اتحاد", "ITTIHAD")).toBeGreaterThanOrEqual(0.9);
  });

  it("reads the business words in Traditional characters as in Simplified (國際海運 INTERNATIONAL SHIPPING)", () => {
    // 0.22 and 0.50 before: 國際, 海運, 船務 were read in Pinyin only
    expect(org("沈忠國際海運有限公司", "SHEN ZHONG INTERNATIONAL SHIPPING")).toBeGreaterThanOrEqual(0.9);
    expect(org("華信船務(香港)有限公司", "HUAXIN SHIPPING HONGKONG LTD")).toBeGreaterThanOrEqual(0.9);
    expect(org("沈忠國際海運有限公司", "SHEN ZHONG INTERNATIONAL TRADING")).toBeLessThan(T);
  });
});
