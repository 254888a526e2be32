// The blueprint draw (contract 15.1): apportionment, allocation with redistribution, the draw
// itself and the readiness check's shortfalls.
export { apportion } from "./apportion";
export { allocate, type Allocation, type WeightedPool } from "./allocate";
export {
  drawQuestions,
  hasWeights,
  type BlueprintDomain,
  type DomainDraw,
  type Draw,
  type DrawSettings,
  type PoolQuestion,
} from "./draw";
export { blueprintShortfalls, type CountedDomain, type DomainShortfall } from "./shortfall";
