import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { clientIp } from "@/lib/http/client-ip";
import { hmacHex } from "@/lib/core/crypto/hash";
import { consumeLoginAttempt } from "@/lib/auth/login-limit";
import { verifyPassword } from "@/lib/auth/verify-password";
import { secrets } from "@/lib/core/secrets";

// The dashboard's sign-in: Auth.js v5, e-mail + password (bcrypt), JWT sessions. Tenancy is not in the token:
// every page and action looks the membership up (lib/auth/current-member.ts), so a removed member loses
// access at the next request, not when the token expires.

const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(200),
});

export class RateLimitedSignin extends CredentialsSignin {
  code = "rate_limited";
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  // derived from APP_SECRET (or the generated one), so there is no second secret to configure
  secret: hmacHex(secrets().appSecret, "authjs-session"),
  session: { strategy: "jwt", maxAge: 8 * 3600 },
  trustHost: true,
  pages: { signIn: "/login" },
  // a wrong password is an answer, not an incident; other errors are logged by name only (no e-mail, no input)
  logger: {
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error(`[auth] ${error.name}: ${(error as { type?: string }).type ?? ""}`);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = LoginSchema.safeParse(raw);
        if (!parsed.success) return null;
        const limit = await consumeLoginAttempt(clientIp(request.headers), parsed.data.email);
        if (limit.limited) throw new RateLimitedSignin();
        return verifyPassword(parsed.data.email, parsed.data.password);
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.uid = user.id;
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
}));
