// `/login?data=` hand-over (issue 8 item 9): Marquee's own /login opens a session only with a
// one-time code bound to the state cookie of the browser that started Google sign-in. The test
// server has no Google credentials, so codes are issued as the Google callback issues them.
import { afterAll, describe, expect, test } from "vitest";
import { issueHandOverCode } from "@/lib/auth/hand-over";
import { createPrismaClient } from "@/lib/database/prisma";
import { api, baseUrl } from "../support/http";
import { freshUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** What the login page does with `?data=&code=`: the "handover" provider, with this browser's cookies. */
async function redeem(code: string, stateCookie?: string) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/handover`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...cookiesOf(csrf), ...(stateCookie ? [stateCookie] : [])].join("; "),
      origin: baseUrl,
    },
    body: new URLSearchParams({ code, csrfToken, callbackUrl: baseUrl, json: "true" }),
  });
  return cookiesOf(response).find((c) => c.includes("next-auth.session-token"));
}

describe("the /login?data= hand-over code", () => {
  test("opens a session in the browser holding the state it was bound to, once", async () => {
    const user = await freshUser("handover");
    const state = "state-of-the-browser-that-started-google-sign-in";
    const code = await issueHandOverCode(user._id, state);
    const session = await redeem(code, `marquee-google-state=${state}`);
    expect(session).toBeDefined();
    expect((await api("GET", "/api/auth/session", { headers: { cookie: session! } })).body).toMatchObject({
      user: { email: user.email },
    });
    // Used once: the same code and cookie again open nothing.
    expect(await redeem(code, `marquee-google-state=${state}`)).toBeUndefined();
  });

  test("a code sent to another browser (login CSRF) opens nothing, and is spent", async () => {
    const attacker = await freshUser("attacker");
    const code = await issueHandOverCode(attacker._id, "the-attackers-own-browser-state");
    expect(await redeem(code)).toBeUndefined(); // the victim has no state cookie
    expect(await redeem(code, "marquee-google-state=the-victims-state")).toBeUndefined();
    expect(await redeem(code, "marquee-google-state=the-attackers-own-browser-state")).toBeUndefined();
  });

  test("a code older than a minute opens nothing", async () => {
    const user = await freshUser("handoverold");
    const state = "state-for-an-expired-code";
    const code = await issueHandOverCode(user._id, state);
    await db.handOverCode.updateMany({ where: { userId: user._id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await redeem(code, `marquee-google-state=${state}`)).toBeUndefined();
  });

  test("a bare token in the URL is not a way in: the page needs a code, and made-up codes open nothing", async () => {
    const user = await freshUser("handovertoken");
    expect(await redeem(user.token, "marquee-google-state=x")).toBeUndefined();
    expect(await redeem("", "marquee-google-state=x")).toBeUndefined();
  });
});
