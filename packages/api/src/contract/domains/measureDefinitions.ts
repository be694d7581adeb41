/**
 * Standardised outcome measures (CATALOG.md Clients > Assessments), defined once for the browser (live score in the
 * assessment modal, the client's questionnaire page) and the server (validates answers, computes the stored score).
 *
 * Item wording and response options are the published ones; each definition cites its source, the source of its
 * severity bands, clinical cut-off and reliable-change threshold. All are scored so that a higher total means more
 * difficulty, so an improvement is a fall in score (CORE-10's two positively worded items are scored in reverse).
 */

export const MEASURE_CODES = ['phq9', 'gad7', 'core10', 'pcl5', 'audit', 'k10'] as const;
export type MeasureCode = (typeof MEASURE_CODES)[number];

export interface MeasureOption {
  /** The points this answer scores. */
  value: number;
  label: string;
}

export interface MeasureItem {
  /** Stable id, e.g. "phq9_9". */
  id: string;
  /** The item as printed, without its number. */
  text: string;
  options: readonly MeasureOption[];
  /** Counts towards the total (default true). PHQ-9's difficulty question is asked but not scored. */
  scored?: boolean;
  /** A non-zero answer should prompt the clinician to review risk (PHQ-9 item 9). */
  riskFlag?: string;
}

export interface SeverityBand {
  /** Inclusive lower and upper bounds of the total. */
  min: number;
  max: number;
  label: string;
  /** For colouring: 0 the least severe. */
  level: 0 | 1 | 2 | 3 | 4;
}

export interface MeasureDefinition {
  code: MeasureCode;
  /** Short name: "PHQ-9". */
  name: string;
  title: string;
  /** What the client reads before the items. */
  instructions: string;
  items: readonly MeasureItem[];
  minScore: number;
  maxScore: number;
  bands: readonly SeverityBand[];
  /** Totals at or above this are in the clinical range. */
  clinicalCutoff: number;
  /** The smallest change in total that counts as reliable (not measurement error); null when none is published. */
  reliableChange: number | null;
  /** Where the wording, bands, cut-off and reliable change come from. */
  source: string;
}

const FREQUENCY_2_WEEKS: readonly MeasureOption[] = [
  { value: 0, label: 'Not at all' },
  { value: 1, label: 'Several days' },
  { value: 2, label: 'More than half the days' },
  { value: 3, label: 'Nearly every day' },
];

const PCL5_OPTIONS: readonly MeasureOption[] = [
  { value: 0, label: 'Not at all' },
  { value: 1, label: 'A little bit' },
  { value: 2, label: 'Moderately' },
  { value: 3, label: 'Quite a bit' },
  { value: 4, label: 'Extremely' },
];

const AUDIT_FREQUENCY: readonly MeasureOption[] = [
  { value: 0, label: 'Never' },
  { value: 1, label: 'Less than monthly' },
  { value: 2, label: 'Monthly' },
  { value: 3, label: 'Weekly' },
  { value: 4, label: 'Daily or almost daily' },
];

const AUDIT_YES_NO: readonly MeasureOption[] = [
  { value: 0, label: 'No' },
  { value: 2, label: 'Yes, but not in the last year' },
  { value: 4, label: 'Yes, during the last year' },
];

const K10_OPTIONS: readonly MeasureOption[] = [
  { value: 1, label: 'None of the time' },
  { value: 2, label: 'A little of the time' },
  { value: 3, label: 'Some of the time' },
  { value: 4, label: 'Most of the time' },
  { value: 5, label: 'All of the time' },
];

const CORE_FREQUENCY = ['Not at all', 'Only occasionally', 'Sometimes', 'Often', 'Most or all of the time'] as const;
const CORE10_OPTIONS: readonly MeasureOption[] = CORE_FREQUENCY.map((label, value) => ({ value, label }));
/** A positively worded CORE item ("I have felt able to cope") scores in reverse: "Not at all" is 4. */
const CORE10_REVERSED: readonly MeasureOption[] = CORE_FREQUENCY.map((label, i) => ({ value: 4 - i, label }));

const items = (prefix: string, texts: readonly string[], options: readonly MeasureOption[]): MeasureItem[] =>
  texts.map((text, i) => ({ id: `${prefix}_${i + 1}`, text, options }));

/**
 * PHQ-9: Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. J Gen Intern
 * Med 2001;16:606-613. Bands 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe; a score of
 * 10 or more is the usual cut-off for major depression. Reliable change 6 points: NHS Talking Therapies Manual (2024),
 * the threshold English services report reliable improvement and deterioration against.
 */
const PHQ9: MeasureDefinition = {
  code: 'phq9',
  name: 'PHQ-9',
  title: 'Patient Health Questionnaire (PHQ-9)',
  instructions: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  items: [
    ...items(
      'phq9',
      [
        'Little interest or pleasure in doing things',
        'Feeling down, depressed, or hopeless',
        'Trouble falling or staying asleep, or sleeping too much',
        'Feeling tired or having little energy',
        'Poor appetite or overeating',
        'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
        'Trouble concentrating on things, such as reading the newspaper or watching television',
        'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
        'Thoughts that you would be better off dead or of hurting yourself in some way',
      ],
      FREQUENCY_2_WEEKS,
    ).map((item) =>
      item.id === 'phq9_9'
        ? { ...item, riskFlag: 'Item 9 (thoughts of being better off dead or of self-harm) was answered above 0.' }
        : item,
    ),
    {
      id: 'phq9_difficulty',
      text: 'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
      options: [
        { value: 0, label: 'Not difficult at all' },
        { value: 1, label: 'Somewhat difficult' },
        { value: 2, label: 'Very difficult' },
        { value: 3, label: 'Extremely difficult' },
      ],
      scored: false,
    },
  ],
  minScore: 0,
  maxScore: 27,
  bands: [
    { min: 0, max: 4, label: 'Minimal', level: 0 },
    { min: 5, max: 9, label: 'Mild', level: 1 },
    { min: 10, max: 14, label: 'Moderate', level: 2 },
    { min: 15, max: 19, label: 'Moderately severe', level: 3 },
    { min: 20, max: 27, label: 'Severe', level: 4 },
  ],
  clinicalCutoff: 10,
  reliableChange: 6,
  source: 'Kroenke, Spitzer & Williams (2001); reliable change: NHS Talking Therapies Manual',
};

/**
 * GAD-7: Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder. Arch
 * Intern Med 2006;166:1092-1097. Bands 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe. Cut-off 8: the caseness
 * threshold of the NHS Talking Therapies Manual (2024), which also sets reliable change at 4 points (Spitzer et al.
 * propose 10 for a diagnosis of GAD; services measuring recovery use 8, which catches the anxiety disorders the GAD-7 also
 * screens for — Kroenke et al., Ann Intern Med 2007;146:317-325).
 */
const GAD7: MeasureDefinition = {
  code: 'gad7',
  name: 'GAD-7',
  title: 'Generalised Anxiety Disorder Assessment (GAD-7)',
  instructions: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  items: items(
    'gad7',
    [
      'Feeling nervous, anxious, or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid, as if something awful might happen',
    ],
    FREQUENCY_2_WEEKS,
  ),
  minScore: 0,
  maxScore: 21,
  bands: [
    { min: 0, max: 4, label: 'Minimal', level: 0 },
    { min: 5, max: 9, label: 'Mild', level: 1 },
    { min: 10, max: 14, label: 'Moderate', level: 2 },
    { min: 15, max: 21, label: 'Severe', level: 4 },
  ],
  clinicalCutoff: 8,
  reliableChange: 4,
  source: 'Spitzer, Kroenke, Williams & Löwe (2006); cut-off and reliable change: NHS Talking Therapies Manual',
};

/**
 * PCL-5: Weathers FW, Litz BT, Keane TM, Palmieri PA, Marx BP, Schnurr PP. The PTSD Checklist for DSM-5 (PCL-5). National
 * Center for PTSD, 2013. Total 0-80; a cut-off of 31-33 suggests probable PTSD (Bovin et al., Psychol Assess
 * 2016;28:1379-1391): 33 is used here. The National Center for PTSD's scoring guidance gives 5-10 points as reliable
 * change; 10 is used here, the conservative end, so a "reliable" change is never claimed on noise.
 */
const PCL5: MeasureDefinition = {
  code: 'pcl5',
  name: 'PCL-5',
  title: 'PTSD Checklist for DSM-5 (PCL-5)',
  instructions:
    'Below is a list of problems that people sometimes have in response to a very stressful experience. Please read each problem carefully and then choose one of the answers to indicate how much you have been bothered by that problem in the past month. In the past month, how much were you bothered by:',
  items: items(
    'pcl5',
    [
      'Repeated, disturbing, and unwanted memories of the stressful experience?',
      'Repeated, disturbing dreams of the stressful experience?',
      'Suddenly feeling or acting as if the stressful experience were actually happening again (as if you were actually back there reliving it)?',
      'Feeling very upset when something reminded you of the stressful experience?',
      'Having strong physical reactions when something reminded you of the stressful experience (for example, heart pounding, trouble breathing, sweating)?',
      'Avoiding memories, thoughts, or feelings related to the stressful experience?',
      'Avoiding external reminders of the stressful experience (for example, people, places, conversations, activities, objects, or situations)?',
      'Trouble remembering important parts of the stressful experience?',
      'Having strong negative beliefs about yourself, other people, or the world (for example, having thoughts such as: I am bad, there is something seriously wrong with me, no one can be trusted, the world is completely dangerous)?',
      'Blaming yourself or someone else for the stressful experience or what happened after it?',
      'Having strong negative feelings such as fear, horror, anger, guilt, or shame?',
      'Loss of interest in activities that you used to enjoy?',
      'Feeling distant or cut off from other people?',
      'Trouble experiencing positive feelings (for example, being unable to feel happiness or have loving feelings for people close to you)?',
      'Irritable behavior, angry outbursts, or acting aggressively?',
      'Taking too many risks or doing things that could cause you harm?',
      'Being “superalert” or watchful or on guard?',
      'Feeling jumpy or easily startled?',
      'Having difficulty concentrating?',
      'Trouble falling or staying asleep?',
    ],
    PCL5_OPTIONS,
  ),
  minScore: 0,
  maxScore: 80,
  bands: [
    { min: 0, max: 32, label: 'Below the PTSD cut-off', level: 0 },
    { min: 33, max: 80, label: 'Probable PTSD', level: 3 },
  ],
  clinicalCutoff: 33,
  reliableChange: 10,
  source: 'Weathers et al. (2013), National Center for PTSD; cut-off: Bovin et al. (2016)',
};

/**
 * AUDIT: Babor TF, Higgins-Biddle JC, Saunders JB, Monteiro MG. AUDIT: The Alcohol Use Disorders Identification Test,
 * Guidelines for Use in Primary Care, 2nd ed. World Health Organization, 2001. Zones I 0-7, II 8-15, III 16-19,
 * IV 20-40; 8 or more indicates hazardous or harmful drinking. No reliable-change threshold is published.
 */
const AUDIT: MeasureDefinition = {
  code: 'audit',
  name: 'AUDIT',
  title: 'Alcohol Use Disorders Identification Test (AUDIT)',
  instructions:
    'These questions are about your use of alcoholic beverages during the past year. Please answer as accurately and honestly as you can.',
  items: [
    {
      id: 'audit_1',
      text: 'How often do you have a drink containing alcohol?',
      options: [
        { value: 0, label: 'Never' },
        { value: 1, label: 'Monthly or less' },
        { value: 2, label: '2 to 4 times a month' },
        { value: 3, label: '2 to 3 times a week' },
        { value: 4, label: '4 or more times a week' },
      ],
    },
    {
      id: 'audit_2',
      text: 'How many drinks containing alcohol do you have on a typical day when you are drinking?',
      options: [
        { value: 0, label: '1 or 2' },
        { value: 1, label: '3 or 4' },
        { value: 2, label: '5 or 6' },
        { value: 3, label: '7, 8, or 9' },
        { value: 4, label: '10 or more' },
      ],
    },
    ...items(
      'audit',
      [
        'How often do you have six or more drinks on one occasion?',
        'How often during the last year have you found that you were not able to stop drinking once you had started?',
        'How often during the last year have you failed to do what was normally expected from you because of drinking?',
        'How often during the last year have you needed a first drink in the morning to get yourself going after a heavy drinking session?',
        'How often during the last year have you had a feeling of guilt or remorse after drinking?',
        'How often during the last year have you been unable to remember what happened the night before because you had been drinking?',
      ],
      AUDIT_FREQUENCY,
    ).map((item, i) => ({ ...item, id: `audit_${i + 3}` })),
    {
      id: 'audit_9',
      text: 'Have you or someone else been injured as a result of your drinking?',
      options: AUDIT_YES_NO,
    },
    {
      id: 'audit_10',
      text: 'Has a relative or friend or a doctor or another health worker been concerned about your drinking or suggested you cut down?',
      options: AUDIT_YES_NO,
    },
  ],
  minScore: 0,
  maxScore: 40,
  bands: [
    { min: 0, max: 7, label: 'Zone I: low risk', level: 0 },
    { min: 8, max: 15, label: 'Zone II: hazardous', level: 2 },
    { min: 16, max: 19, label: 'Zone III: harmful', level: 3 },
    { min: 20, max: 40, label: 'Zone IV: possible dependence', level: 4 },
  ],
  clinicalCutoff: 8,
  reliableChange: null,
  source: 'Babor et al. (2001), World Health Organization',
};

/**
 * K10: Kessler RC, Andrews G, Colpe LJ et al. Short screening scales to monitor population prevalences and trends in
 * non-specific psychological distress. Psychol Med 2002;32:959-976. Each item scores 1-5, total 10-50. Bands 10-15 low,
 * 16-21 moderate, 22-29 high, 30-50 very high (Australian Bureau of Statistics, National Health Survey user guide);
 * cut-off 20, "likely to have a mental disorder" (Andrews G, Slade T. Aust N Z J Public Health 2001;25:494-497).
 * No reliable-change threshold is published for general use.
 */
const K10: MeasureDefinition = {
  code: 'k10',
  name: 'K10',
  title: 'Kessler Psychological Distress Scale (K10)',
  instructions:
    'These questions concern how you have been feeling over the past 30 days. Choose the answer that best represents how you have been.',
  items: items(
    'k10',
    [
      'During the last 30 days, about how often did you feel tired out for no good reason?',
      'During the last 30 days, about how often did you feel nervous?',
      'During the last 30 days, about how often did you feel so nervous that nothing could calm you down?',
      'During the last 30 days, about how often did you feel hopeless?',
      'During the last 30 days, about how often did you feel restless or fidgety?',
      'During the last 30 days, about how often did you feel so restless you could not sit still?',
      'During the last 30 days, about how often did you feel depressed?',
      'During the last 30 days, about how often did you feel that everything was an effort?',
      'During the last 30 days, about how often did you feel so sad that nothing could cheer you up?',
      'During the last 30 days, about how often did you feel worthless?',
    ],
    K10_OPTIONS,
  ),
  minScore: 10,
  maxScore: 50,
  bands: [
    { min: 10, max: 15, label: 'Low', level: 0 },
    { min: 16, max: 21, label: 'Moderate', level: 1 },
    { min: 22, max: 29, label: 'High', level: 3 },
    { min: 30, max: 50, label: 'Very high', level: 4 },
  ],
  clinicalCutoff: 20,
  reliableChange: null,
  source: 'Kessler et al. (2002); bands: Australian Bureau of Statistics; cut-off: Andrews & Slade (2001)',
};

/**
 * CORE-10: Barkham M, Bewick B, Mullin T et al. The CORE-10: a short measure of psychological distress for routine use in
 * the psychological therapies. Couns Psychother Res 2013;13:3-13. Ten items over the last week, each 0-4 (items 2 and 3
 * reversed), total 0-40. Bands 0-5 healthy, 6-10 low level, 11-14 mild, 15-19 moderate, 20-24 moderately severe, 25-40
 * severe; clinical cut-off 11 (Barkham et al. 2013, Connell & Barkham 2007 CORE-10 user manual); reliable change 6
 * points. Item 6 ("I made plans to end my life") is its risk item: any answer but "Not at all" prompts a risk review.
 * CORE-10 is free to copy and use unchanged (CORE System Trust).
 */
const CORE10: MeasureDefinition = {
  code: 'core10',
  name: 'CORE-10',
  title: 'Clinical Outcomes in Routine Evaluation (CORE-10)',
  instructions:
    'This form has 10 statements about how you have been OVER THE LAST WEEK. Please read each statement and think how often you felt that way last week. Then choose the answer closest to this.',
  items: [
    { id: 'core10_1', text: 'I have felt tense, anxious or nervous', options: CORE10_OPTIONS },
    { id: 'core10_2', text: 'I have felt I have someone to turn to for support when needed', options: CORE10_REVERSED },
    { id: 'core10_3', text: 'I have felt able to cope when things go wrong', options: CORE10_REVERSED },
    { id: 'core10_4', text: 'Talking to people has felt too much for me', options: CORE10_OPTIONS },
    { id: 'core10_5', text: 'I have felt panic or terror', options: CORE10_OPTIONS },
    {
      id: 'core10_6',
      text: 'I made plans to end my life',
      options: CORE10_OPTIONS,
      riskFlag: 'Item 6 (made plans to end their life) was answered above "Not at all".',
    },
    { id: 'core10_7', text: 'I have had difficulty getting to sleep or staying asleep', options: CORE10_OPTIONS },
    { id: 'core10_8', text: 'I have felt despairing or hopeless', options: CORE10_OPTIONS },
    { id: 'core10_9', text: 'I have felt unhappy', options: CORE10_OPTIONS },
    { id: 'core10_10', text: 'Unwanted images or memories have been distressing me', options: CORE10_OPTIONS },
  ],
  minScore: 0,
  maxScore: 40,
  bands: [
    { min: 0, max: 5, label: 'Healthy', level: 0 },
    { min: 6, max: 10, label: 'Low level', level: 1 },
    { min: 11, max: 14, label: 'Mild', level: 1 },
    { min: 15, max: 19, label: 'Moderate', level: 2 },
    { min: 20, max: 24, label: 'Moderately severe', level: 3 },
    { min: 25, max: 40, label: 'Severe', level: 4 },
  ],
  clinicalCutoff: 11,
  reliableChange: 6,
  source: 'Barkham et al. (2013); CORE System Trust',
};

export const MEASURES: Readonly<Record<MeasureCode, MeasureDefinition>> = {
  phq9: PHQ9,
  gad7: GAD7,
  core10: CORE10,
  pcl5: PCL5,
  audit: AUDIT,
  k10: K10,
};

export const MEASURE_NAMES: Readonly<Record<MeasureCode, string>> = {
  phq9: 'PHQ-9',
  gad7: 'GAD-7',
  core10: 'CORE-10',
  pcl5: 'PCL-5',
  audit: 'AUDIT',
  k10: 'K10',
};

export function measureDefinition(code: MeasureCode): MeasureDefinition {
  return MEASURES[code];
}

/** One answer per item, in item order; null for an item not answered yet (drafts). */
export type MeasureAnswers = readonly (number | null)[];

/** The severity band of a total, or null when the total is outside the measure's range. */
export function severityBand(code: MeasureCode, total: number): SeverityBand | null {
  return MEASURES[code].bands.find((band) => total >= band.min && total <= band.max) ?? null;
}

/** What is wrong with a set of answers, item by item (1-based in the message), or an empty list. */
export function answerProblems(
  code: MeasureCode,
  answers: MeasureAnswers,
  options: { complete: boolean },
): { index: number; message: string }[] {
  const definition = MEASURES[code];
  const problems: { index: number; message: string }[] = [];
  if (answers.length !== definition.items.length) {
    return [
      {
        index: -1,
        message: `The ${definition.name} has ${definition.items.length} questions; send one answer for each (null for one not answered yet).`,
      },
    ];
  }
  definition.items.forEach((item, index) => {
    const answer = answers[index];
    if (answer === null || answer === undefined) {
      if (options.complete && item.scored !== false) {
        problems.push({ index, message: `Answer question ${index + 1}.` });
      }
      return;
    }
    if (!item.options.some((option) => option.value === answer)) {
      problems.push({ index, message: `Choose one of the listed answers for question ${index + 1}.` });
    }
  });
  return problems;
}

export interface MeasureScore {
  /** Sum of the scored items answered so far. */
  total: number;
  answered: number;
  /** Scored items still unanswered. */
  missing: number;
  complete: boolean;
  /** The band of the total; null until every scored item is answered. */
  band: SeverityBand | null;
  aboveCutoff: boolean | null;
  /** Risk items answered above 0 (PHQ-9 item 9). */
  riskFlags: string[];
}

/** Scores a set of answers: the total of scored items; the band only when complete (a partial total is not a score). */
export function scoreMeasure(code: MeasureCode, answers: MeasureAnswers): MeasureScore {
  const definition = MEASURES[code];
  let total = 0;
  let answered = 0;
  let missing = 0;
  const riskFlags: string[] = [];
  definition.items.forEach((item, index) => {
    const answer = answers[index];
    const valid = typeof answer === 'number' && item.options.some((option) => option.value === answer);
    if (item.scored === false) return;
    if (!valid) {
      missing += 1;
      return;
    }
    answered += 1;
    total += answer;
    if (item.riskFlag && answer > 0) riskFlags.push(item.riskFlag);
  });
  const complete = missing === 0;
  return {
    total,
    answered,
    missing,
    complete,
    band: complete ? severityBand(code, total) : null,
    aboveCutoff: complete ? total >= definition.clinicalCutoff : null,
    riskFlags,
  };
}

export type ReliableChangeOutcome = 'reliable improvement' | 'reliable deterioration' | 'no reliable change';

/**
 * Compares a later total with the baseline. Higher is worse on every measure here, so a fall of at least the reliable
 * change threshold is a reliable improvement. Null when the measure has no published threshold.
 */
export function reliableChange(code: MeasureCode, baseline: number, latest: number): ReliableChangeOutcome | null {
  const threshold = MEASURES[code].reliableChange;
  if (threshold === null) return null;
  const change = latest - baseline;
  if (change <= -threshold) return 'reliable improvement';
  if (change >= threshold) return 'reliable deterioration';
  return 'no reliable change';
}
