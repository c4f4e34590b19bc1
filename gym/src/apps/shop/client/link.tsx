import type { MouseEvent, ReactNode } from 'react';
import type { CartLine } from './api';
import { keepDrift } from './drift';

// What every page of the shop gets from the app, and its in-app link (no page reload).

export interface ShopContext {
  navigate: (to: string) => void;
  cart: CartLine[];
  setCart: (cart: CartLine[]) => void;
  notify: (message: string) => void;
}

export function Link({ to, shop, children, className }: { to: string; shop: ShopContext; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    shop.navigate(to);
  };
  return (
    <a href={keepDrift(to)} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
