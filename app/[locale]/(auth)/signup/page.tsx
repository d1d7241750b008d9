// The small-screen menu links to /signup: it is the registration form too.
export { default, generateMetadata } from "../register/page";
