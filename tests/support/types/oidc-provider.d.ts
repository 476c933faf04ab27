// oidc-provider ships no types; this is the part of its API tests/support/services.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: (use: string, scope: string) => Claims | Promise<Claims> };
  type InteractionResult =
    { login: { accountId: string }; consent: { grantId: string } } | { error: string; error_description?: string };
  type Interaction = { uid: string; prompt: { name: string }; params: Record<string, string | undefined> };
  type KoaContext = {
    req: IncomingMessage;
    res: ServerResponse;
    path: string;
    method: string;
    respond: boolean;
    status: number;
    type: string;
    body: unknown;
  };

  export class Grant {
    constructor(options: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        adapter: new (model: string) => object;
        ttl: Record<string, number>;
        jwks: { keys: Record<string, unknown>[] };
        cookies: { keys: string[] };
        claims: Record<string, string[]>;
        conformIdTokenClaims: boolean;
        features: Record<string, { enabled: boolean }>;
        interactions: { url: (ctx: KoaContext, interaction: Interaction) => string };
        findAccount: (ctx: KoaContext, sub: string) => Account | undefined | Promise<Account | undefined>;
        renderError?: (ctx: KoaContext, out: Record<string, string>, error: Error) => void | Promise<void>;
      },
    );
    Grant: typeof Grant;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
