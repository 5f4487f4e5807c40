/** IA2 9.1 at the terminal: the player writes the artillery plan at the prompt; the computer's stays secret. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tacsimIn } from '../../cli/run-tacsim.js';

const { tmp, tacsim } = tacsimIn('tacsim-ia2-plans-cli-');

describe('IA2 9.1: plans at the prompt', () => {
  it('IA2 9.1: the player is offered the candidates with the default first, an unknown plan is refused in one line, the plan written fires, and the record replays', () => {
    const record = join(tmp, 'plan.json');
    const input = `help\nplan nonsense\nplan rolling-0402-0502-0503\n${'1\ny\n'.repeat(900)}`;
    const r = tacsim(['play', 'ia2-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '7', '--record', record], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Pre-game (9.1): german writes its artillery plan');
    expect(r.stdout).toMatch(
      / {4}1\. write artillery plan "scenario" \[default\]: the scenario's plan \(20 A: 0503-0603-0504 turns 1-2, No Fire turns 3-6\)/,
    );
    expect(r.stdout).toContain('plan [NAME]');
    expect(r.stdout).toMatch(/no plan "nonsense": write one of scenario, .*rolling-0402-0502-0503.*, none/);
    expect(r.stdout).toContain('you: write artillery plan "rolling-0402-0502-0503"');
    expect(r.stdout).toContain('bombardment of 20 at 0402/0502/0503');
    expect(r.stdout).toContain('your plan "rolling-0402-0502-0503"');
    expect(r.stdout).toMatch(/Game over after turn \d/);
    // The record holds the plan as the game's first action and replays to the same positions.
    const replay = tacsim(['replay', record]);
    expect([replay.code, /OK: \d+ actions legal, \d+ state hashes match/.test(replay.stdout)]).toEqual([0, true]);
  });

  it("IA2 9.1: playing the side without artillery, the computer's plan is reported as written, never named", () => {
    const r = tacsim(['play', 'ia2-tiny', '--side', 'russian', '--ai', 'scripted', '--seed', '7'], 'why\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('german: german writes its artillery plan (secret until fired, 9.1)');
    expect(r.stdout).not.toMatch(/write artillery plan "/);
    expect(r.stdout).not.toMatch(/your plan "/);
  });
});
