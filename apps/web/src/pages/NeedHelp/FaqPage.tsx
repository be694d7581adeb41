import { Accordion } from '@halcyon/design-system';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { TextLink } from '../../app/TextLink';
import { faqSections } from '../../features/help/content';
import { HelpFooter } from '../../features/help/HelpFooter';
import { HelpHeader } from '../../features/help/HelpHeader';
import { Markdown } from '../../features/help/Markdown';
import styles from '../../features/help/help.module.css';

/** The id in the address's hash (`#faq-...`), decoded. */
function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

/**
 * /Need-help/Frequently-asked-questions: the FAQ by section, each question an accordion item. A link to
 * `#faq-question-id` (from search) opens that question and scrolls to it.
 */
export function FaqPage() {
  const { hash } = useLocation();
  const target = hashTarget(hash);
  const [open, setOpen] = useState<string[]>(() => (target ? [target] : []));
  // A new hash (a link from search, or back and forward) opens its question; the reader's own choices stay.
  const [openedFor, setOpenedFor] = useState(target);
  if (openedFor !== target) {
    setOpenedFor(target);
    if (target && !open.includes(target)) setOpen([...open, target]);
  }

  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(target);
    element?.scrollIntoView?.({ block: 'start' });
    element?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, [target]);

  return (
    <div className={styles.page}>
      <HelpHeader
        title="Frequently asked questions"
        description="Short answers to what therapists ask us most. Choose a question to see its answer."
      />
      <nav aria-label="FAQ sections">
        <ul className={styles.row}>
          {faqSections.map((section) => (
            <li key={section.id} className={styles.muted}>
              <TextLink to={`#${section.id}`}>{section.title}</TextLink>
            </li>
          ))}
        </ul>
      </nav>
      {faqSections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`} className={styles.sectionTitle}>
            {section.title}
          </h2>
          <Accordion.Root type="multiple" value={open} onValueChange={setOpen}>
            {section.items.map((item) => (
              <Accordion.Item key={item.id} value={item.id} id={item.id}>
                <Accordion.Trigger level={3}>{item.question}</Accordion.Trigger>
                <Accordion.Content>
                  <Markdown source={item.answer} />
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </section>
      ))}
      <HelpFooter />
    </div>
  );
}
