import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MissionInputSchema } from '../../../src/contract/missions.ts';
import { EMPTY_MISSION, missionBody } from '../../../src/backoffice/stores/engagement.ts';

describe('the new mission form', () => {
  it('writes wager and deposit targets in centavos, a multiplier ×100 and counts as they are, in a body the platform accepts', () => {
    const base = { ...EMPTY_MISSION, titlePt: 'Aposte', titleEn: 'Bet', reward: '50' };
    expect(missionBody({ ...base, kind: 'wager', target: '1.000,50' }).target).toBe(100_050);
    expect(missionBody({ ...base, kind: 'multiplier', target: '2,5' }).target).toBe(250);
    expect(missionBody({ ...base, kind: 'rounds', target: '30' }).target).toBe(30);
    const body = missionBody({ ...base, kind: 'deposit', target: '100' });
    expect(v.safeParse(MissionInputSchema, body).success).toBe(true);
    expect(missionBody({ ...base, rewardKind: 'box', reward: '7' }).reward).toEqual({ kind: 'box', box_id: 7 });
  });
});
