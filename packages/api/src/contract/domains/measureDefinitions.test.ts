import { describe, expect, it } from 'vitest';
import {
  MEASURES,
  MEASURE_CODES,
  answerProblems,
  askedAnswers,
  clinicalRangeText,
  inClinicalRange,
  isAsked,
  measureQuestion,
  MEASURE_NAME_LIST,
  reliableChange,
  scoreMeasure,
  severityBand,
  type MeasureCode,
} from './measureDefinitions';
import { createAssessmentBodySchema } from './measures';

/** Answers for every item of a measure: the scored ones from `scored`, unscored ones null. */
function answersFor(code: MeasureCode, scored: number[]): (number | null)[] {
  let next = 0;
  return MEASURES[code].items.map((item) => (item.scored === false ? null : (scored[next++] ?? null)));
}

describe('measure definitions', () => {
  it.each(MEASURE_CODES)('given %s, then its bands cover the whole range without gaps or overlaps', (code) => {
    const { bands, minScore, maxScore } = MEASURES[code];
    expect(bands[0]!.min).toBe(minScore);
    expect(bands.at(-1)!.max).toBe(maxScore);
    for (let i = 1; i < bands.length; i += 1) expect(bands[i]!.min).toBe(bands[i - 1]!.max + 1);
  });

  it.each(MEASURE_CODES)('given %s, then the highest answers add up to the maximum score', (code) => {
    const { items, maxScore, minScore } = MEASURES[code];
    const scored = items.filter((item) => item.scored !== false);
    const highest = scored.map((item) => Math.max(...item.options.map((o) => o.value)));
    const lowest = scored.map((item) => Math.min(...item.options.map((o) => o.value)));
    expect(scoreMeasure(code, answersFor(code, highest)).total).toBe(maxScore);
    expect(scoreMeasure(code, answersFor(code, lowest)).total).toBe(minScore);
  });

  it('given the published item counts, then PHQ-9 has 9 scored items, GAD-7 7, CORE-10 10, PCL-5 20, AUDIT 10, K10 10, WEMWBS 14, ORS and SRS 4, C-SSRS 7', () => {
    const counts = Object.fromEntries(
      MEASURE_CODES.map((code) => [code, MEASURES[code].items.filter((i) => i.scored !== false).length]),
    );
    expect(counts).toEqual({
      phq9: 9,
      gad7: 7,
      core10: 10,
      pcl5: 20,
      audit: 10,
      k10: 10,
      wemwbs: 14,
      ors: 4,
      srs: 4,
      cssrs: 7,
    });
  });
});

describe('CORE-10 scoring (Barkham et al., 2013)', () => {
  it.each([
    [5, 'Healthy'],
    [6, 'Low level'],
    [11, 'Mild'],
    [15, 'Moderate'],
    [20, 'Moderately severe'],
    [25, 'Severe'],
  ])('given a total of %i, then the band is %s', (total, label) => {
    expect(severityBand('core10', total)?.label).toBe(label);
  });

  it('given "Not at all" to every item, then the two positively worded items score 4 each: 8, low level', () => {
    const notAtAll = MEASURES.core10.items.map((item) => item.options.find((o) => o.label === 'Not at all')!.value);
    expect(notAtAll).toEqual([0, 4, 4, 0, 0, 0, 0, 0, 0, 0]);
    const score = scoreMeasure('core10', notAtAll);
    expect([score.total, score.band?.label, score.aboveCutoff]).toEqual([8, 'Low level', false]);
  });

  it('given any answer but "Not at all" to item 6, then it asks for a risk review', () => {
    const answers = [2, 2, 2, 2, 2, 1, 2, 2, 2, 2];
    const score = scoreMeasure('core10', answers);
    expect(score.total).toBe(19);
    expect(score.riskFlags).toEqual(['Item 6 (made plans to end their life) was answered above "Not at all".']);
  });
});

describe('PHQ-9 scoring (Kroenke et al., 2001)', () => {
  it.each([
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Moderately severe'],
    [19, 'Moderately severe'],
    [20, 'Severe'],
    [27, 'Severe'],
  ])('given a total of %i, then the band is %s', (total, label) => {
    expect(severityBand('phq9', total)?.label).toBe(label);
  });

  it('given answers 1,2,1,2,1,1,1,0,0 (total 9) and a difficulty answer, then scores 9, mild, below the cut-off of 10', () => {
    const answers = [1, 2, 1, 2, 1, 1, 1, 0, 0, 3];
    const score = scoreMeasure('phq9', answers);
    expect(score).toMatchObject({ total: 9, complete: true, aboveCutoff: false, riskFlags: [] });
    expect(score.band?.label).toBe('Mild');
  });

  it('given a total of exactly 10, then it is at the clinical cut-off', () => {
    expect(scoreMeasure('phq9', answersFor('phq9', [2, 2, 2, 2, 2, 0, 0, 0, 0])).aboveCutoff).toBe(true);
  });

  it('given item 9 answered above 0, then a risk flag is raised', () => {
    const score = scoreMeasure('phq9', answersFor('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(score.riskFlags).toHaveLength(1);
    expect(score.riskFlags[0]).toMatch(/Item 9/);
  });

  it('given an unanswered item, then the total is partial and no band is given', () => {
    const score = scoreMeasure('phq9', [3, 3, 3, null, 3, 3, 3, 3, 3, null]);
    expect(score).toMatchObject({ total: 24, answered: 8, missing: 1, complete: false, band: null, aboveCutoff: null });
  });

  it('given the unscored difficulty question left blank, then the measure is still complete', () => {
    expect(scoreMeasure('phq9', [1, 1, 1, 1, 1, 1, 1, 1, 1, null]).complete).toBe(true);
  });
});

describe('GAD-7 scoring (Spitzer et al., 2006)', () => {
  it.each([
    [4, 'Minimal'],
    [5, 'Mild'],
    [10, 'Moderate'],
    [15, 'Severe'],
    [21, 'Severe'],
  ])('given a total of %i, then the band is %s', (total, label) => {
    expect(severityBand('gad7', total)?.label).toBe(label);
  });

  it('given a total of 8, then it is at the caseness cut-off; 7 is below', () => {
    expect(scoreMeasure('gad7', [2, 2, 2, 2, 0, 0, 0]).aboveCutoff).toBe(true);
    expect(scoreMeasure('gad7', [2, 2, 2, 1, 0, 0, 0]).aboveCutoff).toBe(false);
  });
});

describe('PCL-5, AUDIT and K10 scoring', () => {
  it('given PCL-5 answers totalling 33, then probable PTSD; 32 is below the cut-off', () => {
    const at33 = [...Array(8).fill(4), 1, ...Array(11).fill(0)] as number[];
    expect(scoreMeasure('pcl5', at33)).toMatchObject({ total: 33, aboveCutoff: true });
    expect(scoreMeasure('pcl5', at33).band?.label).toBe('Probable PTSD');
    expect(scoreMeasure('pcl5', [...Array(8).fill(4), ...Array(12).fill(0)] as number[]).aboveCutoff).toBe(false);
  });

  it.each([
    [7, 'Zone I: low risk'],
    [8, 'Zone II: hazardous'],
    [15, 'Zone II: hazardous'],
    [16, 'Zone III: harmful'],
    [19, 'Zone III: harmful'],
    [20, 'Zone IV: possible dependence'],
    [40, 'Zone IV: possible dependence'],
  ])('given an AUDIT total of %i, then the zone is %s', (total, label) => {
    expect(severityBand('audit', total)?.label).toBe(label);
  });

  it('given AUDIT items 9 and 10, then only 0, 2 and 4 are valid answers', () => {
    const answers = [0, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    expect(answerProblems('audit', answers, { complete: true })).toEqual([
      { index: 8, message: 'Choose one of the listed answers for question 9.' },
    ]);
    expect(scoreMeasure('audit', [4, 4, 0, 0, 0, 0, 0, 0, 4, 2]).total).toBe(14);
  });

  it.each([
    [10, 'Low'],
    [15, 'Low'],
    [16, 'Moderate'],
    [21, 'Moderate'],
    [22, 'High'],
    [29, 'High'],
    [30, 'Very high'],
    [50, 'Very high'],
  ])('given a K10 total of %i, then the band is %s', (total, label) => {
    expect(severityBand('k10', total)?.label).toBe(label);
  });

  it('given K10 answers of 0, then they are refused (K10 items score 1 to 5)', () => {
    const problems = answerProblems('k10', Array(10).fill(0) as number[], { complete: true });
    expect(problems).toHaveLength(10);
  });
});

describe('WEMWBS, ORS and SRS: higher is better', () => {
  it('given WEMWBS answers of 3 to every item (42), then possible depression, outside the clinical range; 40 is inside', () => {
    const score = scoreMeasure('wemwbs', Array(14).fill(3));
    expect(score).toMatchObject({ total: 42, complete: true, aboveCutoff: false });
    expect(score.band?.label).toBe('Possible depression');
    const low = scoreMeasure('wemwbs', [...Array(12).fill(3), 2, 2]);
    expect(low.total).toBe(40);
    expect(low.band?.label).toBe('Probable depression');
    expect(low.aboveCutoff).toBe(true);
  });

  it('given WEMWBS rising 8 points, then a reliable improvement; falling 8 a reliable deterioration; 7 no reliable change', () => {
    expect(reliableChange('wemwbs', 38, 46)).toBe('reliable improvement');
    expect(reliableChange('wemwbs', 46, 38)).toBe('reliable deterioration');
    expect(reliableChange('wemwbs', 38, 45)).toBe('no reliable change');
  });

  it('given an ORS total of 24, then the clinical range; 25 is out of it; a 5-point rise is a reliable improvement', () => {
    expect(inClinicalRange('ors', 24)).toBe(true);
    expect(inClinicalRange('ors', 25)).toBe(false);
    expect(clinicalRangeText('ors')).toBe('below 25');
    expect(clinicalRangeText('phq9')).toBe('at or above 10');
    expect(scoreMeasure('ors', [6, 7, 5, 6]).band?.label).toBe('Clinical range');
    expect(reliableChange('ors', 18, 23)).toBe('reliable improvement');
    expect(reliableChange('ors', 18, 22)).toBe('no reliable change');
  });

  it('given an ORS rating, then it reads as a 0 to 10 row whose ends are explained; a PHQ-9 question reads as a column', () => {
    expect(measureQuestion('ors', 0, 'Optional.')).toEqual({
      label: '1. Individually (personal well-being)',
      hint: '0: Poorly. 10: Very well.',
      row: true,
    });
    expect(measureQuestion('phq9', 9, 'Optional.')).toMatchObject({ hint: 'Optional.', row: false });
    expect(measureQuestion('phq9', 0, 'Optional.')).toMatchObject({ hint: undefined, row: false });
  });

  it('given an SRS total of 35, then an alliance concern; 36 is a good alliance', () => {
    expect(scoreMeasure('srs', [9, 9, 9, 8]).band?.label).toBe('Alliance concern');
    expect(scoreMeasure('srs', [9, 9, 9, 9]).band?.label).toBe('Good alliance');
  });

  it('given every measure, then the list of names for messages names each one', () => {
    expect(MEASURE_NAME_LIST).toBe('PHQ-9, GAD-7, CORE-10, PCL-5, AUDIT, K10, WEMWBS, ORS, SRS or C-SSRS');
  });
});

describe('C-SSRS screener (Posner et al., 2011)', () => {
  const NO = [0, 0, null, null, null, 0, null];

  it('given No to questions 1, 2 and 6, then complete with no risk identified, the follow-ups not asked', () => {
    const score = scoreMeasure('cssrs', NO);
    expect(score).toMatchObject({ total: 0, complete: true, aboveCutoff: false, riskFlags: [] });
    expect(score.band?.label).toBe('No risk identified');
    expect([2, 3, 4, 6].map((i) => isAsked('cssrs', i, NO))).toEqual([false, false, false, false]);
  });

  it('given Yes to question 2, then questions 3 to 5 must be answered before it is complete', () => {
    const answers = [1, 1, null, null, null, 0, null];
    expect(isAsked('cssrs', 2, answers)).toBe(true);
    expect(scoreMeasure('cssrs', answers)).toMatchObject({ complete: false, missing: 3, band: null });
    expect(answerProblems('cssrs', answers, { complete: true }).map((p) => p.message)).toEqual([
      'Answer question 3.',
      'Answer question 4.',
      'Answer question 5.',
    ]);
  });

  it('given Yes to 1 and 2 only, then low risk with a flag for question 2', () => {
    const score = scoreMeasure('cssrs', [1, 1, 0, 0, 0, 0, null]);
    expect(score.band?.label).toBe('Low risk');
    expect(score.riskFlags).toEqual([
      'Question 2 (thoughts of killing themselves in the past month) was answered Yes.',
    ]);
  });

  it('given Yes to question 3 (a method), then moderate risk in the clinical range; to question 4 (intent), high', () => {
    expect(scoreMeasure('cssrs', [1, 1, 2, 0, 0, 0, null])).toMatchObject({ total: 2, aboveCutoff: true });
    expect(scoreMeasure('cssrs', [1, 1, 2, 3, 0, 0, null]).band?.label).toBe('High risk');
  });

  it('given behaviour more than 3 months ago, then moderate; within 3 months, high', () => {
    expect(scoreMeasure('cssrs', [0, 0, null, null, null, 2, 0]).band?.label).toBe('Moderate risk');
    expect(scoreMeasure('cssrs', [0, 0, null, null, null, 2, 3]).band?.label).toBe('High risk');
  });

  it('given an answer to a follow-up that is not asked, then it is refused, saying why; askedAnswers clears it', () => {
    const answers = [0, 0, 2, null, null, 0, null];
    expect(answerProblems('cssrs', answers, { complete: true })).toEqual([
      {
        index: 2,
        message: 'Leave question 3 unanswered: it is asked only when question 2 is answered Yes.',
      },
    ]);
    expect(askedAnswers('cssrs', answers, null)).toEqual(NO);
    expect(askedAnswers('cssrs', ['0', '0', '2', '', '', '0', ''], '')).toEqual(['0', '0', '', '', '', '0', '']);
  });
});

describe('reliable change', () => {
  it('given PHQ-9 from 18 to 12 (6 points), then a reliable improvement; 18 to 13 is not', () => {
    expect(reliableChange('phq9', 18, 12)).toBe('reliable improvement');
    expect(reliableChange('phq9', 18, 13)).toBe('no reliable change');
  });

  it('given GAD-7 from 6 to 10 (4 points up), then a reliable deterioration', () => {
    expect(reliableChange('gad7', 6, 10)).toBe('reliable deterioration');
    expect(reliableChange('gad7', 6, 9)).toBe('no reliable change');
  });

  it('given a measure without a published threshold (AUDIT), then no verdict', () => {
    expect(reliableChange('audit', 20, 5)).toBeNull();
  });
});

describe('answer validation', () => {
  it('given the wrong number of answers, then one problem naming the question count', () => {
    expect(answerProblems('gad7', [0, 0], { complete: false })[0]?.message).toMatch(/7 questions/);
  });

  it('given a submitted body with a missing answer, then the contract refuses it, naming the question', () => {
    const result = createAssessmentBodySchema.safeParse({
      measure: 'gad7',
      status: 'submitted',
      answers: [0, 1, null, 0, 0, 0, 0],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Answer question 3.');
  });

  it('given a draft with missing answers, then the contract accepts it', () => {
    const result = createAssessmentBodySchema.safeParse({
      measure: 'gad7',
      status: 'draft',
      answers: [0, 1, null, null, null, null, null],
    });
    expect(result.success).toBe(true);
  });
});
