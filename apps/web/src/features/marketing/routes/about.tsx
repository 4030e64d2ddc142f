import { SimplePage } from '../../../components/ui/simple-page';

export default function AboutPage() {
  return (
    <SimplePage title="About Us">
      <p>
        Stitch &amp; Trim Supplies brings quality laces, trims, buttons, ribbons and embellishments to tailors,
        designers and retailers across Lagos.
      </p>
    </SimplePage>
  );
}
