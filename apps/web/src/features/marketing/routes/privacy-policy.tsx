import { PolicyPage } from '../components/policy-page';

export default function PrivacyPolicyPage() {
  return (
    <PolicyPage title="Privacy Policy">
      <h2>What we keep</h2>
      <p>
        Your name, email address, phone number and delivery address, and the orders you place. We use them only to
        deliver your orders, answer your messages and, if you subscribe, send our newsletter.
      </p>
      <h2>Payments</h2>
      <p>Card payments are handled by our payment provider. We never see or store your card number.</p>
      <h2>Cookies and storage</h2>
      <p>
        We use one cookie to keep you signed in, and your browser remembers whether you chose dark mode. We do not use
        advertising trackers.
      </p>
      <h2>Your choices</h2>
      <p>
        Every newsletter has an unsubscribe link. You can update your details on your profile, or ask us through the
        contact page to delete your account.
      </p>
    </PolicyPage>
  );
}
