import type { LoginInput, RegisterInput } from "../../../../schema/validation/auth";
import { useSignedInMutation } from "../../../lib/session-changes";

/** POST /api/login: signs in and seeds the session. */
export const useLogin = () => useSignedInMutation<LoginInput>("/api/login");

/** POST /api/register: creates the company and its owner, then signs in like a login. */
export const useRegister = () => useSignedInMutation<RegisterInput>("/api/register");
