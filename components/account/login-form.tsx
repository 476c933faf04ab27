"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { AuthFormFooter } from "./auth-card";
import { EmailField, PasswordField, SubmitButton } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { refreshViewer } from "@/lib/client/viewer";
import { loginSchema } from "@/lib/validation/user";
import { FALLBACK_ERROR } from "@/lib/client/fetcher";
import {
  INVALID_HAND_OVER_MESSAGE,
  handOverCode,
  signInErrorMessage,
  takeEmailForLogin,
  withCallback,
} from "@/lib/client/sign-in";
import { passkeyErrorMessage, signWithPasskey } from "@/lib/client/passkeys";

/** `callbackPath`: where to go after signing in, already checked to be a path on this site (proxy.ts sends it). */
type Props = {
  googleEnabled: boolean;
  handOver?: string;
  handOverCode?: string;
  error?: string;
  callbackPath?: string;
};

export function LoginForm({ googleEnabled, handOver, handOverCode: code, error, callbackPath }: Props) {
  const router = useRouter();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { handleSubmit, setValue, setFocus } = form;

  // Back from a password reset: the address is filled in, the new password is what is left to type.
  useEffect(() => {
    const email = takeEmailForLogin();
    if (!email) return;
    setValue("email", email);
    setFocus("password");
  }, [setValue, setFocus]);

  const goHome = () => {
    void refreshViewer(); // the header and buttons must see the new session
    router.push(callbackPath ?? "/");
    router.refresh();
  };

  // `/login?data=` (docs/product.md "Login"): only the one-time code of a Google sign-in this browser
  // started opens a session (the server checks it against its state cookie). The parameters are
  // dropped from the address either way, so the token does not stay in history.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (error) toast.error(signInErrorMessage(error));
    if (handOver === undefined) return;
    const oneTimeCode = handOverCode(handOver, code);
    const fail = () => {
      toast.error(INVALID_HAND_OVER_MESSAGE);
      router.replace("/login");
    };
    if (!oneTimeCode) return fail();
    void signIn("handover", { code: oneTimeCode, redirect: false }).then(
      (result) => (result?.ok && !result.error ? goHome() : fail()),
      fail,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the address the page opened with
  }, []);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result?.ok || result.error) {
      // What was typed stays, so the next try needs no retyping (and never reads "Password is required").
      toast.error(result?.error && result.error !== "CredentialsSignin" ? result.error : FALLBACK_ERROR);
      return;
    }
    goHome();
  });

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  async function signInWithPasskey() {
    setPasskeyBusy(true);
    try {
      const response = await signWithPasskey("sign-in");
      const result = await signIn("passkey", { response: JSON.stringify(response), redirect: false });
      if (!result?.ok || result.error) throw new Error(result?.error ?? FALLBACK_ERROR);
      goHome();
    } catch (error) {
      toast.error(passkeyErrorMessage(error));
      setPasskeyBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <EmailField form={form} name="email" />
      <div className="flex flex-col gap-2">
        <PasswordField form={form} name="password" label="Password" autoComplete="current-password" />
        <IntentLink
          href="/forgot-password"
          className="self-end text-sm text-dryGray underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-subMain"
        >
          Forgot password?
        </IntentLink>
      </div>
      <SubmitButton pending={form.formState.isSubmitting}>Submit</SubmitButton>
      <Button variant="quiet" onClick={() => void signInWithPasskey()} disabled={passkeyBusy} className="w-full py-3">
        {passkeyBusy ? <Spinner /> : <PasskeyMark />}
        Sign in with a passkey
      </Button>
      {/* Only a server with Google credentials offers it (.env.example): a button that can only fail is noise. */}
      {googleEnabled && (
        <Button
          variant="quiet"
          onClick={() => void signIn("google", { callbackUrl: callbackPath ?? "/" })}
          className="w-full py-3"
        >
          <GoogleMark />
          Sign in with Google
        </Button>
      )}
      <AuthFormFooter question="Don't have an account?" href={withCallback("/register", callbackPath)}>
        Sign Up
      </AuthFormFooter>
    </form>
  );
}

/** A key: the usual sign for passkeys. */
function PasskeyMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-5">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 3 3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
