export function getAddMessage(changeset) {
  return `docs(changeset): ${changeset.summary}`;
}

export function getVersionMessage(releasePlan) {
  return `release: ${releasePlan.releases.length} packages`;
}
