import { data } from "react-router";

// Any path no route claims: a real 404 status, rendered by the root error boundary.
export async function loader() {
  throw data(null, { status: 404 });
}

export async function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
