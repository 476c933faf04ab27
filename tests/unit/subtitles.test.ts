// Subtitle parsing never holds the event loop for a whole file: lines go to the parser in slices,
// with a turn of the event loop between two, and a file past the cue limit is a 413.
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { DomainError } from "@/lib/errors";
import { MAX_SUBTITLE_CUES, SUBTITLE_TOO_MANY_CUES, toWebVtt } from "@/lib/media/subtitles";
import { tinyCues } from "../support/media";

/** Runs `work` while counting the turns of the event loop other callbacks got meanwhile. */
async function turnsDuring(work: () => Promise<unknown>): Promise<{ turns: number; result: unknown }> {
  let turns = 0;
  let running = true;
  const ticker = (async () => {
    while (running) {
      await nextTurn();
      turns++;
    }
  })();
  const result = await work().catch((error: unknown) => error);
  running = false;
  await ticker;
  return { turns, result };
}

describe("toWebVtt", () => {
  test("20,000 cues are converted, and other callbacks run while they are parsed", async () => {
    const { turns, result } = await turnsDuring(() => toWebVtt(tinyCues(20_000)));
    expect(typeof result).toBe("string");
    expect((result as string).match(/-->/g)).toHaveLength(20_000);
    expect((result as string).endsWith("00:33:19.900 --> 00:33:20.000\nla\n")).toBe(true);
    // 80,000 lines in slices of 2,000: the event loop turned between them.
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  test(`more than ${MAX_SUBTITLE_CUES.toLocaleString("en-US")} cues is a 413 that says the limit`, async () => {
    const error = await toWebVtt(tinyCues(MAX_SUBTITLE_CUES + 1)).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "too-large", message: SUBTITLE_TOO_MANY_CUES });
    expect(SUBTITLE_TOO_MANY_CUES).toBe("The subtitle file has too many cues (at most 30,000).");
  });

  test("exactly the limit is accepted", async () => {
    expect((await toWebVtt(tinyCues(MAX_SUBTITLE_CUES))).match(/-->/g)).toHaveLength(MAX_SUBTITLE_CUES);
  });
});
