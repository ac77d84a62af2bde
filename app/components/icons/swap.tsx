import { StrokeIcon, type IconProps } from "./stroke";

export const SwapIcon = (props: IconProps) => <StrokeIcon d="M7 7h13l-4-4M17 17H4l4 4" {...props} />;
