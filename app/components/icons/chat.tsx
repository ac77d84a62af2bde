import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

/** Campus's own messages: a speech bubble (WhatsApp's logo is WhatsappIcon, for links to WhatsApp only). */
export const ChatIcon = (props: IconProps) => (
  <StrokeIcon
    d="M5 4h14a1 1 0 011 1v10a1 1 0 01-1 1h-9l-4 4v-4H5a1 1 0 01-1-1V5a1 1 0 011-1zM8.5 10h.01M12 10h.01M15.5 10h.01"
    {...props}
  />
);
