import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

/** WhatsApp's bubble with a handset: only on links that open WhatsApp (Campus's own chat draws ChatIcon). */
export const WhatsappIcon = (props: IconProps) => (
  <StrokeIcon
    d="M21 12a8 8 0 01-11.7 7.1L4 20l1-4.6A8 8 0 1121 12zM9 10.5c0 2.5 2 4.5 4.5 4.5l1-1.2 2 1-.5 1.6c-3.8.3-7.3-3.2-7-7l1.6-.5 1 2-1.2 1"
    {...props}
  />
);
