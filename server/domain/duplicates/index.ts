// Near duplicates (contract 15.2 point 3): grouping the similar pairs the database finds.
export { groupDuplicates, roundSimilarity, type GroupMember, type Member, type SimilarPair } from "./group";
