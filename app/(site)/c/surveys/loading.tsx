export { default } from "../../surveys/loading";
