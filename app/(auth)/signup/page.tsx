// The small-screen menu links to /signup: it is the registration form too.
export { default, metadata } from "../register/page";
