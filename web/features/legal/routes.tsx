export { PrivacyPolicyPage } from "./components/privacy-policy";
export { TermsOfUsePage } from "./components/terms-of-use";
