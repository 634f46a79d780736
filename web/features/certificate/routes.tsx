export { CertificateViewPage } from "./components/certificate-view-page";
