"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavLinks({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  // the one link whose path is the longest prefix of the page's (/dashboard/review/alerts is "Alerts", not also
  // "Review queue"); /dashboard itself only on the overview
  const within = (href: string) => pathname === href || (href !== "/dashboard" && pathname.startsWith(`${href}/`));
  const current = links.filter((l) => within(l.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label="Dashboard">
      {links.map((link) => {
        const active = link.href === current;
        return (
          <Link key={link.href} href={link.href} aria-current={active ? "page" : undefined}>
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
