import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ChartIcon = (props: IconProps) => <StrokeIcon d="M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6" {...props} />;
