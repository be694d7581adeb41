import { describe, expect, it } from 'vitest';
import {
  MEASURES,
  MEASURE_CODES,
  answerProblems,
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

  it('given the published item counts, then PHQ-9 has 9 scored items, GAD-7 7, CORE-10 10, PCL-5 20, AUDIT 10, K10 10', () => {
    const counts = Object.fromEntries(
      MEASURE_CODES.map((code) => [code, MEASURES[code].items.filter((i) => i.scored !== false).length]),
    );
    expect(counts).toEqual({ phq9: 9, gad7: 7, core10: 10, pcl5: 20, audit: 10, k10: 10 });
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
