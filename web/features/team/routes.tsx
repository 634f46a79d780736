export { AcceptInvitePage } from "./components/accept-invite-page";
