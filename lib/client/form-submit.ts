// How a form's submit handler meets a failed request: the server's `message` (docs/api.md
// "Conventions": for invalid input, the first field's message) as an error toast, and what was typed
// stays, so fixing one field is enough to try again.
import { toast } from "./toast";
import { errorMessage } from "./fetcher";

/** `send`, with a failure toasted instead of thrown. Resolves to whether it went through. */
export function toastingFailure<A extends unknown[]>(send: (...args: A) => Promise<unknown>) {
  return async (...args: A): Promise<boolean> => {
    try {
      await send(...args);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };
}
