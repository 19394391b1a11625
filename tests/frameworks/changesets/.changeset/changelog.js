function getDependencyReleaseLine(_, dependenciesUpdated) {
  return dependenciesUpdated.map((dependency) => `- ${dependency.name}`).join('\n');
}

function getReleaseLine(changeset) {
  return `- ${changeset.summary}`;
}

function unusedFormatter(text) {
  return text.trim();
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
