// Where each yoga's rule is stated: text, chapter and verse. BPHS is cited in R. Santhanam's
// numbering (Ranjan, 1984; the chapter list most English readers and software use), Phaladeepika
// in V. Subrahmanya Sastri's (Ranjan), Saravali in R. Santhanam's, Brihat Jataka in B. Suryanarain
// Rao's. Verse numbers are those of the translation's paragraph headings; where a translation
// gives a range, the range is kept.

export type Text = 'BPHS' | 'Phaladeepika' | 'Saravali' | 'Brihat Jataka';

export interface Source {
  text: Text;
  chapter: number;
  /** Verse or range; null where the chapter is known and the verse was not located. */
  verses: string | null;
  /** True where the rule was read against a translation of that verse while writing the code. */
  checked: boolean;
}

const s = (text: Text, chapter: number, verses: string, checked = false): Source => ({ text, chapter, verses: verses || null, checked });

/** The source of each yoga's rule, by the yoga's key. */
export const YOGA_SOURCES: Record<string, readonly Source[]> = {
  // Pancha Mahapurusha: a tara in a kendra in its own or exaltation sign.
  ruchaka: [s('BPHS', 75, '1-2'), s('Phaladeepika', 6, '1', true)],
  bhadra: [s('BPHS', 75, '1-2'), s('Phaladeepika', 6, '1', true)],
  hamsa: [s('BPHS', 75, '1-2'), s('Phaladeepika', 6, '1', true)],
  malavya: [s('BPHS', 75, '1-2'), s('Phaladeepika', 6, '1', true)],
  sasa: [s('BPHS', 75, '1-2'), s('Phaladeepika', 6, '1', true)],
  // Nabhasa (32): BPHS ch. 35, Saravali ch. 21, Brihat Jataka ch. 12.
  rajju: [s('BPHS', 35, '7', true), s('Brihat Jataka', 12, '2', true)],
  musala: [s('BPHS', 35, '7', true), s('Brihat Jataka', 12, '2', true)],
  nala: [s('BPHS', 35, '7', true), s('Brihat Jataka', 12, '2', true)],
  mala: [s('BPHS', 35, '8', true), s('Brihat Jataka', 12, '2', true)],
  sarpa: [s('BPHS', 35, '8', true), s('Brihat Jataka', 12, '2', true)],
  gada: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '4', true)],
  shakata_nabhasa: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '4', true)],
  vihaga: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '4', true)],
  shringataka: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '4', true)],
  hala: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '4', true)],
  vajra: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '5', true)],
  yava: [s('BPHS', 35, '9-11', true), s('Brihat Jataka', 12, '5', true)],
  kamala: [s('BPHS', 35, '12', true), s('Brihat Jataka', 12, '5', true)],
  vapi: [s('BPHS', 35, '12', true), s('Brihat Jataka', 12, '5', true)],
  yupa: [s('BPHS', 35, '13', true), s('Saravali', 21, '12', true)],
  shara: [s('BPHS', 35, '13', true), s('Saravali', 21, '12', true)],
  shakti: [s('BPHS', 35, '13', true), s('Saravali', 21, '12', true)],
  danda: [s('BPHS', 35, '13', true), s('Saravali', 21, '12', true)],
  nauka: [s('BPHS', 35, '14', true), s('Saravali', 21, '11', true)],
  kuta: [s('BPHS', 35, '14', true), s('Saravali', 21, '11', true)],
  chhatra: [s('BPHS', 35, '14', true), s('Saravali', 21, '11', true)],
  chapa: [s('BPHS', 35, '14', true), s('Saravali', 21, '11', true)],
  ardha_chandra: [s('BPHS', 35, '15', true), s('Saravali', 21, '13')],
  chakra: [s('BPHS', 35, '16', true), s('Saravali', 21, '14')],
  samudra: [s('BPHS', 35, '16', true), s('Saravali', 21, '14')],
  vallaki: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  dama: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  pasha: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  kedara: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  shula: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  yuga: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  gola: [s('BPHS', 35, '17-18', true), s('Saravali', 21, '5-6', true)],
  // BPHS ch. 36, many other yogas.
  subha: [s('BPHS', 36, '1-2', true)],
  asubha: [s('BPHS', 36, '1-2', true)],
  gaja_kesari: [s('BPHS', 36, '3-4', true), s('Phaladeepika', 6, '4')],
  amala: [s('BPHS', 36, '5-6', true), s('Phaladeepika', 6, '5')],
  parvata: [s('BPHS', 36, '7-8', true)],
  kahala: [s('BPHS', 36, '9-10', true)],
  chamara: [s('BPHS', 36, '11-12', true)],
  shankha: [s('BPHS', 36, '13-14', true)],
  khadga: [s('BPHS', 36, '27-28')],
  lakshmi: [s('BPHS', 36, '29-30')],
  kalanidhi: [s('BPHS', 36, '33-34')],
  hari: [s('BPHS', 36, '41-42')],
  hara: [s('BPHS', 36, '41-42')],
  brahma: [s('BPHS', 36, '41-42')],
  // Chandra yogas (BPHS ch. 37, Phaladeepika ch. 6, Brihat Jataka ch. 13).
  adhi: [s('BPHS', 37, '5', true), s('Brihat Jataka', 13, '2', true)],
  sunapha: [s('BPHS', 37, '7-10', true), s('Brihat Jataka', 13, '3')],
  anapha: [s('BPHS', 37, '7-10', true), s('Brihat Jataka', 13, '3')],
  durudhara: [s('BPHS', 37, '7-10', true), s('Brihat Jataka', 13, '3')],
  kemadruma: [s('BPHS', 37, '11-13', true), s('Phaladeepika', 6, '56')],
  chandra_mangala: [s('Phaladeepika', 6, '25'), s('Saravali', 13, '')],
  shakata: [s('Phaladeepika', 6, '34'), s('Saravali', 13, '')],
  // Surya yogas (BPHS ch. 38).
  vesi: [s('BPHS', 38, '1-2'), s('Brihat Jataka', 13, '')],
  vasi: [s('BPHS', 38, '1-2')],
  ubhayachari: [s('BPHS', 38, '1-2')],
  budha_aditya: [s('Saravali', 15, ''), s('Phaladeepika', 6, '')],
  // Raja and dhana yogas.
  raja_kendra_trikona: [s('BPHS', 39, '1-6'), s('BPHS', 34, '1-10')],
  dharma_karmadhipati: [s('BPHS', 39, '7-8')],
  dhana: [s('BPHS', 41, '1-10')],
  viparita_harsha: [s('Phaladeepika', 6, '63-68')],
  viparita_sarala: [s('Phaladeepika', 6, '63-68')],
  viparita_vimala: [s('Phaladeepika', 6, '63-68')],
  neecha_bhanga_raja: [s('Phaladeepika', 7, '26-30'), s('BPHS', 49, '')],
  saraswati: [s('Phaladeepika', 6, '35')],
  vasumati: [s('Phaladeepika', 6, '11')],
  chatussagara: [s('Saravali', 35, '')],
  shubha_kartari: [s('Phaladeepika', 6, '')],
  papa_kartari: [s('Phaladeepika', 6, '')],
  maha_parivartana: [s('Phaladeepika', 6, '32', true)],
  dainya_parivartana: [s('Phaladeepika', 6, '32', true)],
  khala_parivartana: [s('Phaladeepika', 6, '32', true)],
  graha_malika: [s('Phaladeepika', 6, '')],
};
