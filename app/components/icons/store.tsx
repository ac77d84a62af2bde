import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const StoreIcon = (props: IconProps) => (
  <StrokeIcon d="M3 9l1.5-5h15L21 9M3 9h18M3 9v11h18V9M9 20v-6h6v6" {...props} />
);
