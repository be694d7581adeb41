/**
 * Standardised outcome measures (CATALOG.md Clients > Assessments), defined once for the browser (live score in the
 * assessment modal, the client's questionnaire page) and the server (validates answers, computes the stored score).
 *
 * Item wording and response options are the published ones; each definition cites its source, the source of its
 * severity bands, clinical cut-off and reliable-change threshold. Symptom measures score so that a higher total means
 * more difficulty, so an improvement is a fall (CORE-10's two positively worded items are scored in reverse); the
 * wellbeing, outcome and alliance scales (WEMWBS, ORS, SRS) score the other way round, and say so in `better`.
 */

export const MEASURE_CODES = [
  'phq9',
  'gad7',
  'core10',
  'pcl5',
  'audit',
  'k10',
  'wemwbs',
  'ors',
  'srs',
  'cssrs',
] as const;
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
  /** Asked only when the item with this id was answered above 0 (the C-SSRS screener's follow-up questions). */
  askedIf?: string;
  /** A 0-10 rating scale: shown in a row, with what each end means. */
  scale?: { low: string; high: string };
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
  /**
   * Which way is better: `lower` for symptom measures (a fall is an improvement), `higher` for wellbeing, outcome and
   * alliance scales (a rise is).
   */
  better: 'lower' | 'higher';
  /**
   * The edge of the clinical range: totals at or above it are in the clinical range when lower is better, totals
   * below it when higher is better.
   */
  clinicalCutoff: number;
  /**
   * How items add up: `sum` (the default) totals them; `highest` takes the highest answer, for the C-SSRS screener,
   * whose answers are risk levels rather than points.
   */
  scoring?: 'sum' | 'highest';
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
  better: 'lower',
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
  better: 'lower',
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
  better: 'lower',
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
  better: 'lower',
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
  better: 'lower',
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
  better: 'lower',
  clinicalCutoff: 11,
  reliableChange: 6,
  source: 'Barkham et al. (2013); CORE System Trust',
};

const WEMWBS_OPTIONS: readonly MeasureOption[] = [
  { value: 1, label: 'None of the time' },
  { value: 2, label: 'Rarely' },
  { value: 3, label: 'Some of the time' },
  { value: 4, label: 'Often' },
  { value: 5, label: 'All of the time' },
];

/**
 * WEMWBS: Tennant R, Hiller L, Fishwick R et al. The Warwick-Edinburgh Mental Well-being Scale (WEMWBS): development and
 * UK validation. Health Qual Life Outcomes 2007;5:63. Fourteen positively worded items over the last two weeks, each 1-5,
 * total 14-70; higher is better. Bands from the WEMWBS user guide (NHS Health Scotland, Warwick and Edinburgh, 2015):
 * 40 or under probable depression, 41-44 possible depression, 45-59 average, 60-70 high wellbeing; the clinical range
 * is below 41. Reliable change 8 points: 2.77 standard errors of measurement (SEM about 2.9; Maheswaran et al., Health
 * Qual Life Outcomes 2012;10:156). Free to use with registration (University of Warwick).
 */
const WEMWBS: MeasureDefinition = {
  code: 'wemwbs',
  name: 'WEMWBS',
  title: 'Warwick-Edinburgh Mental Wellbeing Scale (WEMWBS)',
  instructions:
    'Below are some statements about feelings and thoughts. Please choose the answer that best describes your experience of each over the last 2 weeks.',
  items: items(
    'wemwbs',
    [
      "I've been feeling optimistic about the future",
      "I've been feeling useful",
      "I've been feeling relaxed",
      "I've been feeling interested in other people",
      "I've had energy to spare",
      "I've been dealing with problems well",
      "I've been thinking clearly",
      "I've been feeling good about myself",
      "I've been feeling close to other people",
      "I've been feeling confident",
      "I've been able to make up my own mind about things",
      "I've been feeling loved",
      "I've been interested in new things",
      "I've been feeling cheerful",
    ],
    WEMWBS_OPTIONS,
  ),
  minScore: 14,
  maxScore: 70,
  bands: [
    { min: 14, max: 40, label: 'Probable depression', level: 4 },
    { min: 41, max: 44, label: 'Possible depression', level: 2 },
    { min: 45, max: 59, label: 'Average wellbeing', level: 1 },
    { min: 60, max: 70, label: 'High wellbeing', level: 0 },
  ],
  better: 'higher',
  clinicalCutoff: 41,
  reliableChange: 8,
  source: 'Tennant et al. (2007); WEMWBS user guide (2015); reliable change: Maheswaran et al. (2012)',
};

/** The 0-10 ratings of the ORS and SRS (the published paper forms use a 10 cm line, measured to the centimetre here). */
const RATING_0_10: readonly MeasureOption[] = Array.from({ length: 11 }, (_, value) => ({
  value,
  label: String(value),
}));

const rating = (id: string, text: string, low: string, high: string): MeasureItem => ({
  id,
  text,
  options: RATING_0_10,
  scale: { low, high },
});

/**
 * ORS: Miller SD, Duncan BL, Brown J, Sparks JA, Claud DA. The Outcome Rating Scale: a preliminary study of the
 * reliability, validity, and feasibility of a brief visual analog measure. J Brief Ther 2003;2:91-100. Four ratings of
 * the last week, each 0-10, total 0-40; higher is better. Adult clinical cut-off 25 (a total below it is in the clinical
 * range) and reliable change 5 points (Miller & Duncan 2004, ORS/SRS manual). Free for individual practitioners
 * (ICCE licence).
 */
const ORS: MeasureDefinition = {
  code: 'ors',
  name: 'ORS',
  title: 'Outcome Rating Scale (ORS)',
  instructions:
    'Looking back over the last week, including today, help us understand how you have been feeling by rating how well you have been doing in the following areas of your life: 0 is doing poorly, 10 is doing very well.',
  items: [
    rating('ors_1', 'Individually (personal well-being)', 'Poorly', 'Very well'),
    rating('ors_2', 'Interpersonally (family, close relationships)', 'Poorly', 'Very well'),
    rating('ors_3', 'Socially (work, school, friendships)', 'Poorly', 'Very well'),
    rating('ors_4', 'Overall (general sense of well-being)', 'Poorly', 'Very well'),
  ],
  minScore: 0,
  maxScore: 40,
  bands: [
    { min: 0, max: 24, label: 'Clinical range', level: 3 },
    { min: 25, max: 40, label: 'Non-clinical range', level: 0 },
  ],
  better: 'higher',
  clinicalCutoff: 25,
  reliableChange: 5,
  source: 'Miller et al. (2003); cut-off and reliable change: Miller & Duncan (2004), ORS/SRS manual',
};

/**
 * SRS: Duncan BL, Miller SD, Sparks JA et al. The Session Rating Scale: preliminary psychometric properties of a
 * "working" alliance measure. J Brief Ther 2003;3:3-12. Four ratings of today's session, each 0-10, total 0-40; higher
 * is better. A total below 36 (or any rating below 9) suggests a concern with the alliance worth talking about; no
 * reliable change is published, as the SRS tracks each session rather than change over care. Free for individual
 * practitioners (ICCE licence).
 */
const SRS: MeasureDefinition = {
  code: 'srs',
  name: 'SRS',
  title: 'Session Rating Scale (SRS)',
  instructions:
    "Please rate today's session: 0 on the left, 10 on the right, choosing the number that best fits your experience.",
  items: [
    rating(
      'srs_1',
      'Relationship',
      'I did not feel heard, understood and respected',
      'I felt heard, understood and respected',
    ),
    rating(
      'srs_2',
      'Goals and topics',
      'We did not work on or talk about what I wanted to',
      'We worked on and talked about what I wanted to',
    ),
    rating(
      'srs_3',
      'Approach or method',
      "The therapist's approach is not a good fit for me",
      "The therapist's approach is a good fit for me",
    ),
    rating(
      'srs_4',
      'Overall',
      'There was something missing in the session today',
      "Overall, today's session was right for me",
    ),
  ],
  minScore: 0,
  maxScore: 40,
  bands: [
    { min: 0, max: 35, label: 'Alliance concern', level: 2 },
    { min: 36, max: 40, label: 'Good alliance', level: 0 },
  ],
  better: 'higher',
  clinicalCutoff: 36,
  reliableChange: null,
  source: 'Duncan et al. (2003); cut-off: Miller & Duncan (2004), ORS/SRS manual',
};

const NO_YES = (yes: number): readonly MeasureOption[] => [
  { value: 0, label: 'No' },
  { value: yes, label: 'Yes' },
];

/**
 * C-SSRS screener: Posner K, Brown GK, Stanley B et al. The Columbia-Suicide Severity Rating Scale: initial validity and
 * internal consistency findings. Am J Psychiatry 2011;168:1266-1277; the Screen Version (recent), self-report wording.
 * Six questions, the third to fifth asked only after a Yes to the second, and "within the past 3 months?" only after a
 * Yes to the sixth. Triage as the Columbia Lighthouse Project's screener: a Yes to 1 or 2 is low risk, to 3 or to 6 more
 * than 3 months ago moderate, to 4, 5 or 6 within 3 months high. Each Yes scores its risk level and the screen takes the
 * highest (0 none identified to 3 high); moderate or high is the clinical range. Free to use (Columbia University).
 */
const CSSRS: MeasureDefinition = {
  code: 'cssrs',
  name: 'C-SSRS',
  title: 'Columbia Suicide Severity Rating Scale screener (C-SSRS)',
  instructions: 'Please answer each question Yes or No. Questions 1 to 5 are about the past month.',
  items: [
    {
      id: 'cssrs_1',
      text: 'Have you wished you were dead or wished you could go to sleep and not wake up?',
      options: NO_YES(1),
    },
    {
      id: 'cssrs_2',
      text: 'Have you actually had any thoughts about killing yourself?',
      options: NO_YES(1),
      riskFlag: 'Question 2 (thoughts of killing themselves in the past month) was answered Yes.',
    },
    {
      id: 'cssrs_3',
      text: 'Have you thought about how you might do this?',
      options: NO_YES(2),
      askedIf: 'cssrs_2',
      riskFlag: 'Question 3 (thought about how) was answered Yes.',
    },
    {
      id: 'cssrs_4',
      text: 'Have you had any intention of acting on these thoughts of killing yourself, as opposed to having the thoughts but definitely not acting on them?',
      options: NO_YES(3),
      askedIf: 'cssrs_2',
      riskFlag: 'Question 4 (intention of acting on the thoughts) was answered Yes.',
    },
    {
      id: 'cssrs_5',
      text: 'Have you started to work out or worked out the details of how to kill yourself? Do you intend to carry out this plan?',
      options: NO_YES(3),
      askedIf: 'cssrs_2',
      riskFlag: 'Question 5 (a worked-out plan they intend to carry out) was answered Yes.',
    },
    {
      id: 'cssrs_6',
      text: 'Have you ever done anything, started to do anything, or prepared to do anything to end your life?',
      options: NO_YES(2),
      riskFlag: 'Question 6 (suicidal behaviour, ever) was answered Yes.',
    },
    {
      id: 'cssrs_6b',
      text: 'Was this within the past 3 months?',
      options: NO_YES(3),
      askedIf: 'cssrs_6',
      riskFlag: 'Question 6 (suicidal behaviour) was within the past 3 months.',
    },
  ],
  minScore: 0,
  maxScore: 3,
  bands: [
    { min: 0, max: 0, label: 'No risk identified', level: 0 },
    { min: 1, max: 1, label: 'Low risk', level: 1 },
    { min: 2, max: 2, label: 'Moderate risk', level: 3 },
    { min: 3, max: 3, label: 'High risk', level: 4 },
  ],
  better: 'lower',
  clinicalCutoff: 2,
  reliableChange: null,
  scoring: 'highest',
  source: 'Posner et al. (2011); triage: the Columbia Lighthouse Project, C-SSRS Screen Version',
};

export const MEASURES: Readonly<Record<MeasureCode, MeasureDefinition>> = {
  phq9: PHQ9,
  gad7: GAD7,
  core10: CORE10,
  pcl5: PCL5,
  audit: AUDIT,
  k10: K10,
  wemwbs: WEMWBS,
  ors: ORS,
  srs: SRS,
  cssrs: CSSRS,
};

/** Each measure's short name ("PHQ-9"), by code. */
export const MEASURE_NAMES = Object.fromEntries(MEASURE_CODES.map((code) => [code, MEASURES[code].name])) as Readonly<
  Record<MeasureCode, string>
>;

/** "PHQ-9, GAD-7, … or C-SSRS": every measure by name, for messages that list the choices. */
export const MEASURE_NAME_LIST = new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(
  MEASURE_CODES.map((code) => MEASURES[code].name),
);

export function measureDefinition(code: MeasureCode): MeasureDefinition {
  return MEASURES[code];
}

/** One answer per item, in item order; null for an item not answered yet (drafts). */
export type MeasureAnswers = readonly (number | null)[];

/** The severity band of a total, or null when the total is outside the measure's range. */
export function severityBand(code: MeasureCode, total: number): SeverityBand | null {
  return MEASURES[code].bands.find((band) => total >= band.min && total <= band.max) ?? null;
}

/**
 * Whether question `index` is asked, given the answers so far: always, unless it follows up another question
 * (`askedIf`) that has not been answered above 0.
 */
export function isAsked(
  code: MeasureCode,
  index: number,
  answers: readonly (number | string | null | undefined)[],
): boolean {
  const definition = MEASURES[code];
  const item = definition.items[index];
  if (!item?.askedIf) return true;
  const parent = definition.items.findIndex((other) => other.id === item.askedIf);
  const answer = Number(answers[parent]);
  return answers[parent] !== null && answers[parent] !== '' && Number.isFinite(answer) && answer > 0;
}

/** The answers with those to questions no longer asked set back to null (after an earlier answer changed). */
export function askedAnswers<T extends number | string | null>(
  code: MeasureCode,
  answers: readonly T[],
  empty: T,
): T[] {
  return answers.map((answer, index) => (isAsked(code, index, answers) ? answer : empty));
}

/**
 * How question `index` reads in a form (the assessment modal, the client's questionnaire page): its numbered label, a
 * hint (what the ends of a rating mean, or `unscored` for a question that does not count) and whether its answers sit
 * in a row (ratings) or a column.
 */
export function measureQuestion(
  code: MeasureCode,
  index: number,
  unscored: string,
): { label: string; hint: string | undefined; row: boolean } {
  const item = MEASURES[code].items[index]!;
  const first = item.options[0]!;
  const last = item.options.at(-1)!;
  return {
    label: `${index + 1}. ${item.text}`,
    hint: item.scale
      ? `${first.label}: ${item.scale.low}. ${last.label}: ${item.scale.high}.`
      : item.scored === false
        ? unscored
        : undefined,
    row: Boolean(item.scale),
  };
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
    if (!isAsked(code, index, answers)) {
      if (answer !== null && answer !== undefined) {
        const parent = definition.items.findIndex((other) => other.id === item.askedIf) + 1;
        problems.push({
          index,
          message: `Leave question ${index + 1} unanswered: it is asked only when question ${parent} is answered ${definition.items[parent - 1]!.options.at(-1)!.label}.`,
        });
      }
      return;
    }
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

/** Whether a total is in the measure's clinical range: at or above the cut-off, or below it where higher is better. */
export function inClinicalRange(code: MeasureCode, total: number): boolean {
  const definition = MEASURES[code];
  return definition.better === 'higher' ? total < definition.clinicalCutoff : total >= definition.clinicalCutoff;
}

/** "at or above 10" or "below 25": where the clinical range starts, in words. */
export function clinicalRangeText(code: MeasureCode): string {
  const definition = MEASURES[code];
  return `${definition.better === 'higher' ? 'below' : 'at or above'} ${definition.clinicalCutoff}`;
}

export interface MeasureScore {
  /** The total of the scored items answered so far (the highest answer where the measure scores that way). */
  total: number;
  answered: number;
  /** Scored items asked and still unanswered. */
  missing: number;
  complete: boolean;
  /** The band of the total; null until every scored item is answered. */
  band: SeverityBand | null;
  /** In the clinical range (see `inClinicalRange`); null until complete. */
  aboveCutoff: boolean | null;
  /** Risk items answered above 0 (PHQ-9 item 9). */
  riskFlags: string[];
}

/** Scores a set of answers: the total of scored items; the band only when complete (a partial total is not a score). */
export function scoreMeasure(code: MeasureCode, answers: MeasureAnswers): MeasureScore {
  const definition = MEASURES[code];
  let total = definition.scoring === 'highest' ? definition.minScore : 0;
  let answered = 0;
  let missing = 0;
  const riskFlags: string[] = [];
  definition.items.forEach((item, index) => {
    const answer = answers[index];
    const valid = typeof answer === 'number' && item.options.some((option) => option.value === answer);
    if (item.scored === false || !isAsked(code, index, answers)) return;
    if (!valid) {
      missing += 1;
      return;
    }
    answered += 1;
    total = definition.scoring === 'highest' ? Math.max(total, answer) : total + answer;
    if (item.riskFlag && answer > 0) riskFlags.push(item.riskFlag);
  });
  const complete = missing === 0;
  return {
    total,
    answered,
    missing,
    complete,
    band: complete ? severityBand(code, total) : null,
    aboveCutoff: complete ? inClinicalRange(code, total) : null,
    riskFlags,
  };
}

export type ReliableChangeOutcome = 'reliable improvement' | 'reliable deterioration' | 'no reliable change';

/**
 * Compares a later total with the baseline: a change of at least the reliable change threshold in the better direction
 * (a fall on symptom measures, a rise on WEMWBS and the ORS) is a reliable improvement. Null when the measure has no
 * published threshold.
 */
export function reliableChange(code: MeasureCode, baseline: number, latest: number): ReliableChangeOutcome | null {
  const { reliableChange: threshold, better } = MEASURES[code];
  if (threshold === null) return null;
  const gain = better === 'higher' ? latest - baseline : baseline - latest;
  if (gain >= threshold) return 'reliable improvement';
  if (gain <= -threshold) return 'reliable deterioration';
  return 'no reliable change';
}
