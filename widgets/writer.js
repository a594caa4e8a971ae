// The writer's desk: shown only in a study chapter's own explorer (Python sends the `study` trait only there;
// explorer/writer.py checks every intent). Chapters (choose, add, rename, move, delete, intro, reader's seat),
// the exercise at this position (find the move: prompt, hint, answers picked from the moves or the board,
// replies to particular wrong moves, explanation; or a question with choices), and Save / Publish.

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function makeDesk(send) {
  let study = {};
  let form = null;  // the exercise being written here: {node, kind, prompt, hint, explanation, answers, replies, choices, right}
  let picking = false;  // while on, a move clicked (list or board) becomes an answer instead of being played

  const box = h("details", { class: "rx-desk", hidden: true });
  const summary = h("summary", { class: "rx-panel-title" });
  const chapterSel = h("select", { class: "rx-desk-chapter",
    onchange: () => send({ type: "chapter_go", index: Number(chapterSel.value) }) });
  const titleIn = h("input", { class: "rx-desk-title", type: "text", maxlength: 200 });
  const introIn = h("textarea", { class: "rx-desk-intro", rows: 2, maxlength: 10000 });
  const seatSel = h("select", { class: "rx-desk-seat",
    onchange: () => send({ type: "chapter_seat", seat: seatSel.value === "" ? null : Number(seatSel.value) }) });
  const exampleSel = h("select", { class: "rx-desk-example" });
  const status = h("div", { class: "rx-desk-status", role: "status" });
  const b = (cls, text, tip, fn) => h("button", { class: `rx-btn ${cls}`, text, title: tip, onclick: fn });
  const chapters = h("div", { class: "rx-desk-row" },
    h("label", {}, "chapter ", chapterSel),
    b("rx-desk-up", "↑", "move this chapter earlier", () => send({ type: "chapter_move", by: -1 })),
    b("rx-desk-down", "↓", "move this chapter later", () => send({ type: "chapter_move", by: 1 })),
    b("rx-desk-delete", "Delete chapter", "delete this chapter (its moves, notes and exercises)", () => {
      if (window.confirm("Delete this chapter, with its moves, notes and exercises?")) send({ type: "chapter_delete", confirm: true });
    }));
  const naming = h("div", { class: "rx-desk-row" },
    h("label", {}, "title ", titleIn),
    b("rx-desk-rename", "Rename", "give this chapter the title typed", () => send({ type: "chapter_rename", title: titleIn.value })),
    h("label", {}, "read as ", seatSel));
  const adding = h("div", { class: "rx-desk-row" },
    b("rx-desk-add-here", "New chapter from here", "a new chapter starting at this position",
      () => send({ type: "chapter_add", from: "here", title: "" })),
    b("rx-desk-add-start", "…from this chapter's start", "a new chapter from this chapter's start",
      () => send({ type: "chapter_add", from: "start", title: "" })),
    h("label", {}, "…from the rulebook's example ", exampleSel),
    b("rx-desk-add-example", "Add", "a new chapter from the chosen rulebook example",
      () => send({ type: "chapter_add", from: "example", example: exampleSel.value, title: "" })));
  const intro = h("div", { class: "rx-desk-row" }, h("label", {}, "intro ", introIn),
    b("rx-desk-intro-save", "Save intro", "the text the reader sees at this chapter's start",
      () => send({ type: "chapter_intro", intro: introIn.value })));
  const files = h("div", { class: "rx-desk-row" },
    b("rx-desk-save", "Save", "write the study file next to the notebook", () => send({ type: "study_save" })),
    b("rx-desk-publish", "Publish", "write the study page (one HTML file) next to the notebook", () => send({ type: "study_publish" })),
    status);

  // -- the exercise at this position
  const ex = h("fieldset", { class: "rx-desk-exercise" });
  box.append(summary, chapters, naming, adding, intro, ex, files);

  const field = (key, label, area = false) => {
    const el = h(area ? "textarea" : "input", area ? { rows: 2 } : { type: "text" });
    el.value = form[key] || "";
    el.addEventListener("input", () => { form[key] = el.value; });
    return h("label", { class: "rx-desk-field" }, label, el);
  };
  function drawForm(meta, legal) {
    if (!form) { ex.replaceChildren(); return; }
    const kindSel = h("select", { class: "rx-desk-kind", onchange: () => { form.kind = kindSel.value; drawForm(meta, legal); } },
      h("option", { value: "move", text: "find the move", selected: form.kind === "move" }),
      h("option", { value: "question", text: "a question", selected: form.kind === "question" }));
    const out = [h("legend", { text: "Exercise at this position" }), h("label", {}, "kind ", kindSel),
      field("prompt", "prompt "), field("hint", "hint ")];
    if (form.kind === "move") {
      const pick = b("rx-desk-pick", picking ? "Picking answers: click moves (done)" : "Pick answers",
        "click moves in the list or on the board to add them as answers (click again to stop)", () => { picking = !picking; drawForm(meta, legal); });
      pick.classList.toggle("rx-on", picking);
      out.push(h("div", { class: "rx-desk-answers" }, "answers: ",
        form.answers.map((a) => h("span", { class: "rx-desk-answer" }, h("code", { text: a }),
          b("rx-desk-unanswer", "×", `remove ${a}`, () => { form.answers = form.answers.filter((x) => x !== a); drawForm(meta, legal); }))),
        pick));
      const wrongSel = h("select", { class: "rx-desk-wrong" },
        legal.filter((m) => !form.answers.includes(m.text)).map((m) => h("option", { value: m.text, text: m.text })));
      const replyIn = h("input", { class: "rx-desk-reply", type: "text", maxlength: 1000 });
      out.push(h("div", { class: "rx-desk-replies" }, "replies to wrong moves: ",
        Object.entries(form.replies).map(([m, r]) => h("span", { class: "rx-desk-reply-item" },
          h("code", { text: m }), ` “${r}” `,
          b("rx-desk-unreply", "×", `no reply to ${m}`, () => { delete form.replies[m]; drawForm(meta, legal); }))),
        h("label", {}, "move ", wrongSel), h("label", {}, "reply ", replyIn),
        b("rx-desk-add-reply", "Add reply", "what the reader is told after this wrong move", () => {
          if (wrongSel.value && replyIn.value.trim()) { form.replies[wrongSel.value] = replyIn.value; drawForm(meta, legal); }
        })));
    } else {
      picking = false;
      out.push(h("div", { class: "rx-desk-choices" }, "choices (tick the right ones): ",
        form.choices.map((c, i) => {
          const text = h("input", { type: "text", value: c, "aria-label": `choice ${i + 1}`,
            oninput: () => { form.choices[i] = text.value; } });
          const right = h("input", { type: "checkbox", "aria-label": `choice ${i + 1} is right`, checked: form.right.includes(i),
            onchange: () => { form.right = right.checked ? [...form.right, i] : form.right.filter((x) => x !== i); } });
          return h("span", { class: "rx-desk-choice" }, right, text);
        }),
        b("rx-desk-add-choice", "+ choice", "add a choice", () => { form.choices.push(""); drawForm(meta, legal); })));
    }
    out.push(field("explanation", "explanation ", true), h("div", { class: "rx-desk-row" },
      b("rx-desk-exercise-save", "Save exercise", "make this position an exercise as written here", () => {
        picking = false;
        send(form.kind === "move"
          ? { type: "exercise_set", kind: "move", prompt: form.prompt, hint: form.hint, explanation: form.explanation,
            answers: form.answers, replies: form.replies }
          : { type: "exercise_set", kind: "question", prompt: form.prompt, hint: form.hint, explanation: form.explanation,
            choices: form.choices.filter((c) => c.trim()), right: form.right });
      }),
      Object.assign(b("rx-desk-exercise-clear", "Remove exercise", "this position is no longer an exercise",
        () => send({ type: "exercise_clear" })), { disabled: !study.exercise })));
    ex.replaceChildren(...out);
  }

  function update(data, meta, legal, names) {
    study = data || {};
    box.hidden = !study.chapters;
    if (box.hidden) return;
    summary.textContent = `Writing the study${study.title ? ` “${study.title}”` : ""}: chapter ${study.index + 1} of ${study.chapters.length}`;
    patch(chapterSel, [study.chapters, study.index], () => study.chapters.map((c, i) =>
      h("option", { value: i, text: `${i + 1}. ${c.title} (${plural(c.positions, "position")}, ${plural(c.exercises, "exercise")})`,
        selected: i === study.index })));
    chapterSel.value = String(study.index);
    if (document.activeElement !== titleIn) titleIn.value = study.chapters[study.index].title;
    if (document.activeElement !== introIn) introIn.value = study.intro || "";
    const seatKey = study.viewer === null || study.viewer === undefined ? "" : String(study.viewer);
    patch(seatSel, [names, seatKey], () => [["", "everything"], ["-1", "a spectator"], ...names.map((n, i) => [String(i), n])]
      .map(([v, n]) => h("option", { value: v, text: n, selected: v === seatKey })));
    patch(exampleSel, [study.examples], () => (study.examples || []).map((n) => h("option", { value: n, text: n.replaceAll("_", " ") })));
    status.textContent = [study.saved && `saved: ${study.saved}`, study.published && `published: ${study.published}`].filter(Boolean).join(" · ");
    const e = study.exercise;
    if (!form || form.node !== meta.node) {  // a new position: the form starts from what is saved here
      picking = false;
      form = { node: meta.node, kind: e?.kind || "move", prompt: e?.prompt || "", hint: e?.hint || "", explanation: e?.explanation || "",
        answers: [...(e?.answers || [])], replies: { ...(e?.replies || {}) },
        choices: e?.kind === "question" ? [...e.choices] : ["", ""],
        right: e?.kind === "question" ? e.choices.map((c, i) => (e.answers.includes(c) ? i : -1)).filter((i) => i >= 0) : [] };
      drawForm(meta, legal);
    } else {
      const sig = JSON.stringify([legal.map((m) => m.text), form.kind]);
      if (sig !== lastSig) drawForm(meta, legal);
      lastSig = sig;
    }
    syncClear();
  }
  let lastSig = "";
  const syncClear = () => { const c = ex.querySelector(".rx-desk-exercise-clear"); if (c) c.disabled = !study.exercise; };

  // a move clicked while picking answers: kept as an answer, not played (returns true when it took it)
  function take(msg) {
    if (!picking || !form || msg.type !== "act" || typeof msg.text !== "string") return false;
    const text = msg.text.trim();
    if (text && !form.answers.includes(text)) form.answers.push(text);
    drawForm({ node: form.node }, lastLegal());
    return true;
  }
  let lastLegal = () => [];
  return { box, update, take, setLegal: (fn) => { lastLegal = fn; } };
}
