import { forwardRef, type HTMLAttributes } from 'react';
import * as Slot from '@radix-ui/react-slot';
import styles from './Card.module.css';
import { cx } from '../Field/cx';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * Renders the card as its only child instead of a `div`, e.g. a link card:
   * `<Card asChild><Link to="/Clients/12">...</Link></Card>`. The whole card is then the link.
   */
  asChild?: boolean;
}

/** A surface grouping related content: `Card.Header`, `Card.Title`, `Card.Body`, `Card.Footer`. */
const CardRoot = forwardRef<HTMLDivElement, CardProps>(function Card({ asChild = false, className, ...rest }, ref) {
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <Comp ref={ref} data-interactive={asChild ? '' : undefined} className={cx(styles.root, className)} {...rest} />
  );
});

/** The top row: title and, optionally, actions. */
const Header = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardHeader(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} className={cx(styles.header, className)} {...rest} />;
});

export interface CardTitleProps extends HTMLAttributes<HTMLHeadingElement> {
  /** Heading level; default h3. */
  as?: 'h2' | 'h3' | 'h4';
}

/** The card's heading. */
const Title = forwardRef<HTMLHeadingElement, CardTitleProps>(function CardTitle(
  { as: Heading = 'h3', className, ...rest },
  ref,
) {
  return <Heading ref={ref} className={cx(styles.title, className)} {...rest} />;
});

/** The main content. */
const Body = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardBody({ className, ...rest }, ref) {
  return <div ref={ref} className={cx(styles.body, className)} {...rest} />;
});

/** Actions or meta at the bottom. */
const Footer = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardFooter(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} className={cx(styles.footer, className)} {...rest} />;
});

export const Card = Object.assign(CardRoot, { Header, Title, Body, Footer });
