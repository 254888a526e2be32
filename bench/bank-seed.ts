// A question bank for the benchmarks of contract 15.2 point 6: one workspace of 100,000 questions
// in 200 exams, written directly with bulk SQL (a few thousand rows per statement) in well under
// a minute on PostgreSQL. The texts are varied and repeatable (one seed): questions, explanations
// and four answers each, built from a vocabulary of common words, a few hundred real technical
// words (some with accents: réseau, sécurité, Übertragung, configuración) and a long tail of made-up
// words, ranks drawn by a power law, as real prose uses a few words often and most words rarely. Each
// exam has a blueprint of five domains and each question 0–3 of 40 tags; a quarter of the exams
// are ready. search_text and similarity_text are computed by server/domain/search-text.ts, as
// the app's writes compute them.
//   seedBank(db, options)   used by bench/bank-search.ts (and any bench that needs a bank)
//   bench/seed-bank.ts      the same from the command line
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "../db/client";
import { user } from "../db/schema";
import { questionTextColumns } from "../server/domain/search-text";
import { seededRandom, shuffled } from "../server/domain/seeded-random";
import { personalWorkspace } from "../server/data/workspaces";

export interface BankOptions {
  exams?: number;
  questionsPerExam?: number;
  seed?: number;
  /** Called after each statement with the questions written so far. */
  progress?: (written: number, total: number) => void;
}

export interface Bank {
  userId: string;
  workspaceId: number;
  examIds: number[];
  questions: number;
}

const FUNCTION_WORDS = (
  "the a an of to in is which what when how why does do for on with by from at as that this these " +
  "it be are can should must will would not or and if its into between most best first two three"
).split(" ");

const REAL_WORDS = (
  "subnet subnets subnetting mask router routers routing switch switches switching gateway firewall " +
  "protocol protocols packet packets frame frames address addresses network networks networking " +
  "ethernet wireless bandwidth latency throughput encryption decryption certificate authentication " +
  "authorization password hashing signature integrity confidentiality availability vulnerability " +
  "exploit malware phishing ransomware backup recovery replication cluster container kubernetes " +
  "docker virtual machine hypervisor storage volume snapshot database index query transaction " +
  "commit rollback deadlock isolation schema table column primary foreign constraint normalization " +
  "cache memory processor thread process kernel scheduler interrupt driver filesystem partition " +
  "cloud region availability zone instance scaling balancer endpoint gateway bucket object policy " +
  "identity role permission account tenant subscription billing monitoring logging alert metric " +
  "dashboard pipeline deployment release version branch merge conflict repository build artifact " +
  "compiler interpreter function variable constant parameter argument return exception error " +
  "algorithm complexity sorting searching recursion iteration array list queue stack heap tree " +
  "graph vertex edge path shortest spanning hash collision bucket pointer reference garbage " +
  "patient diagnosis symptom treatment dosage medication infection antibiotic vaccine immune " +
  "cardiac pulmonary renal hepatic neural vascular tissue cell membrane enzyme protein hormone " +
  "contract liability negligence statute jurisdiction plaintiff defendant verdict appeal evidence " +
  "revenue expense asset liability equity depreciation amortization audit invoice ledger budget " +
  "photosynthesis chlorophyll mitochondria ribosome nucleus chromosome gene mutation evolution " +
  "velocity acceleration momentum energy friction gravity pressure temperature voltage current " +
  "réseau réseaux sécurité données protocole adresse périphérique serveur système fenêtre " +
  "clé chiffrement mémoire contrôleur passerelle requête élève façade naïve café déjà " +
  "übertragung schlüssel verschlüsselung straße größe prüfung gerät " +
  "configuración función contraseña conexión dirección página número información según " +
  "ångström zürich são paulo málaga kraków"
).split(/\s+/);

const SYLLABLES =
  "ka ri to me la nu pe so vi da ter mon sal bri cor fen gal hon lum pra sto tru vel zan ex qui ol ar en".split(" ");

const TEMPLATES = [
  (w: () => string) => `Which ${w()} ${w()} the ${w()} ${w()} when ${w()} ${w()} ${w()} ${w()}?`,
  (w: () => string) => `What is the ${w()} of a ${w()} ${w()} in ${w()} ${w()}?`,
  (w: () => string) => `How does ${w()} ${w()} affect the ${w()} ${w()} ${w()} of ${w()}?`,
  (w: () => string) => `A ${w()} ${w()} reports that ${w()} ${w()} ${w()}. What should the ${w()} ${w()} do first?`,
  (w: () => string) => `Select the ${w()} that ${w()} ${w()} ${w()} without ${w()} ${w()} ${w()}.`,
  (w: () => string) => `Drag each ${w()} to the ${w()} ${w()} it ${w()} in a ${w()} ${w()} ${w()} ${w()}.`,
];

const TAGS = Array.from(
  { length: 40 },
  (_, i) =>
    ["ccna", "security+", "réseau", "cloud", "aws", "azure", "linux", "windows", "sql", "python", "clinique", "droit"][
      i % 12
    ]! + (i >= 12 ? `-${Math.floor(i / 12)}` : ""),
);
const DOMAIN_NAMES = [
  "Network Fundamentals",
  "Sécurité des réseaux",
  "IP Connectivity",
  "Automatización",
  "Übertragung und Dienste",
];
const TOPICS = [
  "Networking",
  "Security",
  "Cloud",
  "Databases",
  "Médecine",
  "Derecho",
  "Comptabilité",
  "Biologie",
  "Physik",
  "Programming",
];

/** The bank's prose, drawn from one seeded random sequence. */
export interface BankProse {
  random: () => number;
  pick<T>(items: readonly T[]): T;
  /** A content word: its rank drawn by a power law, so the first words come often and the tail rarely. */
  content(): string;
  /** A function word (three times in ten) or a content word. */
  word(): string;
  sentence(words: number): string;
  /** A question's text, as HTML: one of the templates, filled with words. */
  question(): string;
}

/**
 * The vocabulary and its word generators for seed `seed`. Made-up words are the long tail of a
 * real vocabulary, 20,000 of them; the real words take random ranks among them, so some are
 * common and most are rare, as in a real bank. bench/bank-duplicates.ts writes its new questions
 * with another seed, so that they read like the bank's without being its questions.
 */
export function bankProse(seed: number): BankProse {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const made = new Set<string>();
  while (made.size < 20_000)
    made.add(Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(""));
  const vocabulary = shuffled([...new Set([...REAL_WORDS, ...made])], random);
  const content = () => vocabulary[Math.floor(vocabulary.length * Math.pow(random(), 3))]!;
  const word = () => (random() < 0.3 ? pick(FUNCTION_WORDS) : content());
  return {
    random,
    pick,
    content,
    word,
    sentence: (n) => capital(Array.from({ length: n }, word).join(" ")) + ".",
    question: () => `<p>${pick(TEMPLATES)(word)}</p>`,
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function seedBank(db: Db, options: BankOptions = {}): Promise<Bank> {
  const exams = options.exams ?? 200;
  const perExam = options.questionsPerExam ?? 500;
  const { random, pick, content, word, sentence, question: questionText } = bankProse(options.seed ?? 24);

  const userId = randomUUID();
  await db.insert(user).values({ id: userId, name: "Bank bench", email: `bank-bench-${userId}@example.test` });
  const workspaceId = await personalWorkspace(db, userId);
  const examIds: number[] = [];
  const total = exams * perExam;
  let written = 0;
  for (let e = 0; e < exams; e++) {
    const topic = TOPICS[e % TOPICS.length]!;
    const [row] = await executeRows<{ id: number }>(
      db,
      sql`
        insert into exam (owner_id, workspace_id, type, title, category, code, evaluation_method, passing_score, status, question_count, next_position, version_by)
        values (${userId}, ${workspaceId}, 2, ${`${topic} ${capital(content())} ${e + 1}`}, ${topic}, ${`BK-${String(e + 1).padStart(3, "0")}`}, 1, 70,
          ${e % 4 === 0 ? "ready" : "draft"}, ${perExam}, ${perExam + 1}, ${userId})
        returning id`,
    );
    const examId = row!.id;
    examIds.push(examId);
    const domains = await executeRows<{ id: number }>(
      db,
      sql`
        insert into exam_domain (exam_id, position, code, name, weight)
        select ${examId}, p, (p + 1)::text || '.0', (${JSON.stringify(DOMAIN_NAMES)}::jsonb ->> p), 20
        from generate_series(0, 4) as p
        returning id`,
    );
    const questions: object[] = [];
    const answers: object[] = [];
    for (let position = 1; position <= perExam; position++) {
      const question = questionText();
      const explanation =
        random() < 0.8
          ? `<p>${sentence(12 + Math.floor(random() * 20))} <strong>${capital(content())}</strong> ${sentence(6)}</p>`
          : "";
      const texts = Array.from(
        { length: 4 },
        () => `<p>${capital(Array.from({ length: 2 + Math.floor(random() * 5) }, word).join(" "))}</p>`,
      );
      const correct = Math.floor(random() * 4);
      texts.forEach((answer, order) =>
        answers.push({
          position,
          answer,
          is_correct: order === correct,
          order: order + 1,
          points: order === correct ? 1 : 0,
        }),
      );
      const tags = [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => pick(TAGS)))];
      questions.push({
        position,
        question,
        explanation,
        domain_id: random() < 0.9 ? pick(domains).id : null,
        tags,
        ...(({ searchText, similarityText, similarityKeys }) => ({
          search_text: searchText,
          similarity_text: similarityText,
          similarity_keys: similarityKeys,
        }))(questionTextColumns({ question, explanation, answers: texts.map((answer) => ({ answer })) })),
      });
    }
    await executeRows(
      db,
      sql`
        with q as (
          insert into question (exam_id, position, type, question, explanation, points, properties, domain_id, tags, search_text, similarity_text, similarity_keys, version_by)
          select ${examId}, x.position, 1, x.question, x.explanation, 1, '{}'::jsonb, x.domain_id, x.tags, x.search_text, x.similarity_text, x.similarity_keys, ${userId}
          from jsonb_to_recordset(${JSON.stringify(questions)}::jsonb)
            as x(position integer, question text, explanation text, domain_id integer, tags jsonb, search_text text, similarity_text text, similarity_keys integer[])
          returning id, position
        )
        insert into answer (question_id, answer, is_correct, "order", points)
        select q.id, a.answer, a.is_correct, a."order", a.points
        from q join jsonb_to_recordset(${JSON.stringify(answers)}::jsonb)
          as a(position integer, answer text, is_correct boolean, "order" integer, points integer) on a.position = q.position`,
    );
    written += perExam;
    options.progress?.(written, total);
  }
  // As autovacuum leaves a live database: the statistics, and the trigram index's pending list
  // (where GIN puts new entries, which every search would read in full) merged into the index.
  for (const table of ["exam", "exam_domain", "question", "answer"])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { userId, workspaceId, examIds, questions: total };
}

/** Removes what seedBank wrote: the exams, questions and domains go with the user and the workspace. */
export async function dropBank(db: Db, bank: Pick<Bank, "userId">): Promise<void> {
  await db.execute(sql`delete from workspace where personal_of = ${bank.userId}`);
  await db.execute(sql`delete from "user" where id = ${bank.userId}`);
}
