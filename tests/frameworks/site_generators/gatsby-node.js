exports.createPages = async ({ actions }) => {
  actions.createPage({ path: "/" });
};

export function onCreateNode() {}
