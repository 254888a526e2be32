// Input schemas of exam.questionCreate / exam.questionUpdate and the stored shape of
// `properties` per question type. Pure: the API, the server actions and the question forms all
// parse with these, so a rule is written once. Rules that need the question type, other fields
// or the image size live in `server/domain/question-rules/`.
export { unknownFieldsWarning } from "../common";
export * from "./question-type";
export * from "./params";
export * from "./properties";
export * from "./scoring";
