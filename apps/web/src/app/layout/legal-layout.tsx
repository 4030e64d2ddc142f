import { NavLink, Outlet } from 'react-router';
import { PageContainer } from '../../components/ui/page-container';
import { LEGAL_LINKS } from '../../config/shop';

/** FAQ and the policies share this layout with a side menu (SPEC.md §2). */
export function LegalLayout() {
  return (
    <PageContainer className="grid gap-8 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Policies" className="md:sticky md:top-24 md:self-start">
        <ul className="flex flex-wrap gap-2 md:flex-col">
          {LEGAL_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-linen-100 aria-[current=page]:bg-wine-700 aria-[current=page]:text-white dark:hover:bg-stone-800 dark:aria-[current=page]:bg-wine-300 dark:aria-[current=page]:text-stone-950"
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="max-w-3xl space-y-4 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        <Outlet />
      </article>
    </PageContainer>
  );
}
