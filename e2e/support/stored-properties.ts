// A stored image question's properties as a browser test reads them back: questionGet answers
// `properties` typed as the union of every question type's, so a test narrows them to the kind of
// question it made, and fails saying what it got when they are another kind.
import {
  isImageProperties,
  type BlockProperties,
  type DragDropProperties,
  type ImageProperties,
  type QuestionProperties,
} from "../../server/schemas/question/properties";

/** The properties of an image question (types 3, 4 and 5): its image and areas. */
export function expectImageProperties(properties: QuestionProperties): ImageProperties {
  if (isImageProperties(properties)) return properties;
  throw new Error(`expected an image question's properties, got ${JSON.stringify(properties)}`);
}

/** The properties of a drag & drop question (type 3). */
export function expectDragDropProperties(properties: QuestionProperties): DragDropProperties {
  const image = expectImageProperties(properties);
  if ("match" in image) return image;
  throw new Error(`expected a drag & drop question's properties, got ${JSON.stringify(properties)}`);
}

/** The properties of a point & shoot or hot area question (types 4 and 5). */
export function expectBlockProperties(properties: QuestionProperties): BlockProperties {
  const image = expectImageProperties(properties);
  if ("correct" in image) return image;
  throw new Error(`expected a point & shoot or hot area question's properties, got ${JSON.stringify(properties)}`);
}
