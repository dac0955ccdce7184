// The everyday short forms of given names in the languages sanctions lists are most often written from — Russian and
// the other East Slavic languages, Polish, Spanish, Portuguese, Italian and Hebrew — and MUHAMMAD's written
// abbreviations, which the English table (carltonnorthern/nicknames, data/nicknames.json) does not have: SASHA for
// ALEKSANDR, VOVA for VLADIMIR, PACO for FRANCISCO, BEPPE for GIUSEPPE, BIBI for BENJAMIN, MOHD for MUHAMMAD.
// Written for this project from the general knowledge dictionaries
// of first names give (as data/given-name-forms.ts is; docs/architecture.md, "How a name is compared"), in the
// normalised form tokens have (upper case, no diacritics, Cyrillic in its common Latin spellings).
//
// Each line is "FULL FORMS: SHORT FORMS": every full form (the spellings the name is commonly romanised in) is
// related to every short form, as a name and its nickname (0.9, reason NICKNAME). Short forms are not related to each
// other, nor full forms to each other through them (SASHA is ALEKSANDR's and ALEKSANDRA's: they stay apart).
// Left out on purpose: a short form that is mostly a name of its own or a surname in the same language (MAX, LINA,
// NIKA), pet forms of pet forms (SASHENKA), and a person's own nickname (BARRY for one BARACK).

export const HYPOCORISMS: readonly string[] = [
  // Russian, Ukrainian, Belarusian: men
  "ALEKSANDR ALEXANDR ALEKSANDER ALEXANDER OLEKSANDR ALIAKSANDR ALEKSANDAR: SASHA SHURA SANYA SASHKO",
  "ALEKSEI ALEKSEY ALEXEI ALEXEY ALEKSEJ ALEKSIY OLEKSIY OLEKSII: ALYOSHA LYOSHA",
  "ANATOLY ANATOLIY ANATOLII ANATOLI: TOLYA",
  "ANDREI ANDREY ANDRII ANDRIY: ANDRYUSHA",
  "ARKADY ARKADIY ARKADII ARKADI: ARKASHA",
  "BORIS: BORYA",
  "DMITRY DMITRIY DMITRII DMITRI DMYTRO: DIMA MITYA",
  "EVGENY EVGENIY EVGENII YEVGENY YEVGENIY YEVGENII IEVGEN YEVHEN: ZHENYA",
  "FEDOR FYODOR FEODOR FEDIR: FEDYA",
  "GENNADY GENNADIY GENNADII GENADIY HENNADIY: GENA",
  "GRIGORY GRIGORIY GRIGORII HRYHORIY: GRISHA",
  "IVAN: VANYA",
  "KONSTANTIN KOSTIANTYN KOSTYANTYN: KOSTYA",
  "LEONID: LYONYA LYOVA",
  "MIKHAIL MYKHAILO MIKHAYLO: MISHA",
  "NIKOLAI NIKOLAY MYKOLA MIKALAI: KOLYA",
  "PAVEL PAVLO: PASHA",
  "PYOTR PETR PETRO: PETYA",
  "SERGEI SERGEY SERGII SERGIY SERHIY SERHII SIARHEI: SERYOZHA SEREZHA SEREGA",
  "STANISLAV: STAS",
  "STEPAN: STYOPA",
  "VASILY VASILIY VASILII VASYL: VASYA",
  "VIKTOR: VITYA",
  "VLADIMIR VOLODYMYR ULADZIMIR: VOVA VOLODYA",
  "VLADISLAV VYACHESLAV YAROSLAV: SLAVA",
  "YURI YURIY YURII IURII: YURA",
  // Russian, Ukrainian, Belarusian: women
  "ALEKSANDRA ALEXANDRA OLEKSANDRA: SASHA SHURA",
  "ANASTASIA ANASTASIYA ANASTASIIA: NASTYA",
  "DARIA DARYA DARIYA: DASHA",
  "EKATERINA YEKATERINA KATERYNA: KATYA",
  "ELENA YELENA OLENA: LENA",
  "EVGENIA EVGENIYA YEVGENIYA YEVGENIA: ZHENYA",
  "IRINA IRYNA: IRA",
  "KSENIA KSENIYA: KSYUSHA",
  "LYUDMILA LUDMILA LIUDMYLA: LYUDA",
  "MARIA MARIYA: MASHA",
  "NADEZHDA: NADYA",
  "NATALIA NATALYA NATALIYA NATALIIA: NATASHA",
  "OLGA OLHA: OLYA",
  "SVETLANA: SVETA",
  "TATIANA TATYANA TETIANA TETYANA: TANYA",
  "YULIA YULIYA IULIIA: YULYA",
  // Polish
  "ALEKSANDER: OLEK",
  "GRZEGORZ: GRZES",
  "JAROSLAW: JAREK",
  "KRZYSZTOF: KRZYS",
  "STANISLAW: STASZEK STAS",
  "TOMASZ: TOMEK",
  "WLODZIMIERZ: WLODEK",
  "WOJCIECH: WOJTEK",
  "KATARZYNA: KASIA",
  "MALGORZATA: GOSIA",
  // Spanish
  "ALBERTO ROBERTO HUMBERTO: BETO",
  "ALFONSO: PONCHO",
  "ANTONIO: TONO TONI",
  "EDUARDO: LALO",
  "ENRIQUE: KIKE QUIQUE",
  "FERNANDO: NANDO",
  "FRANCISCO: PACO PANCHO CURRO",
  "GUILLERMO: MEMO",
  "GUSTAVO: TAVO",
  "IGNACIO: NACHO",
  "JESUS: CHUCHO CHUY",
  "JOSE: PEPE CHEPE",
  "MANUEL: MANOLO",
  "RAFAEL: RAFA",
  "SANTIAGO: SANTI",
  "CONCEPCION: CONCHA CONCHITA",
  "DOLORES: LOLA",
  "FRANCISCA: PAQUITA PANCHA",
  "GUADALUPE: LUPE",
  "JOSEFA JOSEFINA: PEPA",
  "MERCEDES: MECHE",
  "ROSARIO: CHARO",
  // Portuguese
  "FRANCISCO: CHICO",
  "JOSE: ZE",
  "ANTONIO: TONINHO",
  // Italian
  "ALESSANDRO: SANDRO",
  "DOMENICO: MIMMO",
  "FRANCESCO: CECCO CHECCO",
  "GIOVANNI: GIANNI VANNI",
  "GIUSEPPE: BEPPE PEPPE PEPPINO",
  "LUIGI: GINO",
  "SALVATORE: TOTO TURI",
  "VINCENZO: ENZO",
  // Hebrew
  "AVRAHAM ABRAHAM: AVI",
  "BENJAMIN BINYAMIN: BIBI",
  "SHMUEL: SHMULIK",
  "YAAKOV YAKOV: KOBI",
  "YITZHAK YITZCHAK ITZHAK: ITZIK",
  "YOSEF JOSEPH: YOSSI YOSI",
  // Malaysia, Singapore, Brunei, Indonesia, Bangladesh, Pakistan: MUHAMMAD abbreviated as the name is written in
  // documents and registers (MOHD NAJIB, MD ABDUL), not a nickname but read as one
  "MUHAMMAD MUHAMMED MOHAMMAD MOHAMMED MOHAMED MOHAMAD MUHAMAD MOHAMMADU MUHAMMADU: MOHD MUHD MHD MD",
];
