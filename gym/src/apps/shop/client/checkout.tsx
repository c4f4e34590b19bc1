import { useState, type SyntheticEvent } from 'react';
import { api, money } from './api';
import { cls, DRIFT, id as driftId } from './drift';
import { Link, type ShopContext } from './link';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  autoComplete: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
}

function Field({ id: name, label, value, onChange, error, type = 'text', autoComplete, placeholder, inputMode }: FieldProps) {
  const id = driftId(name);
  return (
    <div className={cls('field')}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
    </div>
  );
}

const COUNTRIES = ['United States', 'Canada', 'United Kingdom', 'Germany', 'France', 'Japan', 'Australia'];

export function CheckoutPage({ shop }: { shop: ShopContext }) {
  const [shipping, setShipping] = useState({
    fullName: '',
    email: '',
    address: '',
    city: '',
    postalCode: '',
    country: 'United States',
    phone: '',
  });
  const [payment, setPayment] = useState({ name: '', number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'shipping' | 'payment'>('shipping');
  const total = shop.cart.reduce((sum, l) => sum + l.price * l.qty, 0);
  const ship = (key: keyof typeof shipping) => (value: string) => setShipping({ ...shipping, [key]: value });
  const pay = (key: keyof typeof payment) => (value: string) => setPayment({ ...payment, [key]: value });

  if (!shop.cart.length)
    return (
      <section>
        <h1>Checkout</h1>
        <p>
          Your cart is empty.{' '}
          <Link to="/shop" shop={shop}>
            Find something first
          </Link>
        </p>
      </section>
    );

  const fieldErrors = (e: unknown) => {
    const body: unknown = e instanceof Error && 'body' in e ? e.body : null;
    return typeof body === 'object' && body !== null && 'fields' in body && typeof body.fields === 'object' && body.fields
      ? Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, String(v)]))
      : {};
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      if (step === 'shipping') {
        await api.checkout(shipping);
        setErrors({});
        setStep('payment');
      } else {
        const order = await api.order(shipping, payment);
        shop.setCart([]);
        shop.navigate(`/shop/order/${order.id}`);
      }
    } catch (e) {
      setErrors(fieldErrors(e));
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const nameField = (
    <Field
      id="fullName"
      label="Full name"
      value={shipping.fullName}
      onChange={ship('fullName')}
      error={errors.fullName}
      autoComplete="name"
    />
  );
  const emailField = (
    <Field
      id="email"
      label="Email"
      type="email"
      value={shipping.email}
      onChange={ship('email')}
      error={errors.email}
      autoComplete="email"
      inputMode="email"
    />
  );

  return (
    <form className={cls('checkout')} onSubmit={(e) => void submit(e)} noValidate>
      <h1>Checkout</h1>
      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
      <ol className={cls('steps')} aria-label="Checkout steps">
        <li aria-current={step === 'shipping' ? 'step' : undefined}>Shipping</li>
        <li aria-current={step === 'payment' ? 'step' : undefined}>Payment</li>
      </ol>
      {step === 'shipping' ? (
        <section aria-labelledby={driftId('shipping-title')}>
          <h2 id={driftId('shipping-title')}>Shipping address</h2>
          {/* Drifted: Email first. */}
          {DRIFT ? (
            <>
              {emailField}
              {nameField}
            </>
          ) : (
            <>
              {nameField}
              {emailField}
            </>
          )}
          <Field
            id="address"
            label="Street address"
            value={shipping.address}
            onChange={ship('address')}
            error={errors.address}
            autoComplete="street-address"
          />
          <Field id="city" label="City" value={shipping.city} onChange={ship('city')} error={errors.city} autoComplete="address-level2" />
          <Field
            id="postalCode"
            label="Postal code"
            value={shipping.postalCode}
            onChange={ship('postalCode')}
            error={errors.postalCode}
            autoComplete="postal-code"
          />
          <div className={cls('field')}>
            <label htmlFor={driftId('country')}>Country</label>
            <select
              id={driftId('country')}
              autoComplete="country-name"
              value={shipping.country}
              onChange={(e) => ship('country')(e.target.value)}
            >
              {COUNTRIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <div className={cls('field')}>
            <label htmlFor={driftId('phone')}>Phone (optional)</label>
            <input
              id={driftId('phone')}
              type="tel"
              autoComplete="tel"
              value={shipping.phone}
              onChange={(e) => ship('phone')(e.target.value)}
            />
          </div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Checking…' : 'Continue to payment'}
          </button>
        </section>
      ) : (
        <>
          <section aria-labelledby={driftId('ship-to-title')}>
            <h2 id={driftId('ship-to-title')}>Ship to</h2>
            <p>
              {shipping.fullName}, {shipping.address}, {shipping.city} {shipping.postalCode}, {shipping.country}
            </p>
            <button type="button" onClick={() => setStep('shipping')}>
              Change address
            </button>
          </section>
          <section aria-labelledby={driftId('payment-title')}>
            <h2 id={driftId('payment-title')}>Payment</h2>
            <Field
              id="cardName"
              label="Name on card"
              value={payment.name}
              onChange={pay('name')}
              error={errors.cardName}
              autoComplete="cc-name"
            />
            <Field
              id="cardNumber"
              label="Card number"
              value={payment.number}
              onChange={pay('number')}
              error={errors.cardNumber}
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="1234 5678 9012 3456"
            />
            <Field
              id="expiry"
              label="Expiry (MM/YY)"
              value={payment.expiry}
              onChange={pay('expiry')}
              error={errors.expiry}
              autoComplete="cc-exp"
              placeholder="MM/YY"
            />
            <Field
              id="cvc"
              label="Security code (CVC)"
              value={payment.cvc}
              onChange={pay('cvc')}
              error={errors.cvc}
              autoComplete="cc-csc"
              inputMode="numeric"
            />
          </section>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Placing order…' : 'Place order'}
          </button>
        </>
      )}
      <p className={cls('total')}>
        Order total: <strong>{money(total)}</strong>
      </p>
    </form>
  );
}
