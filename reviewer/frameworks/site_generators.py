"""Gatsby, Docusaurus, Netlify functions and react-email: each reads the exports of files by their
place (gatsby-node's createPages, a sidebars file, a function's handler, an email template)."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="Gatsby / Docusaurus / Netlify / react-email",
    docs="https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/",
    enabled_by=("gatsby", "@docusaurus/*", "netlify-cli", "@netlify/functions", "react-email", "@react-email/*",
                "file:netlify.toml", "file:gatsby-*.js", "file:gatsby-*.ts"),
    files=(
        FileRoot(r"(?:^|/)gatsby-(?:node|browser|ssr|config)" + _JS, why="Gatsby API file", exports=True),
        # src/pages/ (File System Route API too: `{Mdx.slug}.js`): the page, its `Head`, its `query`
        FileRoot(r"(?:^|/)src/pages/.*" + _JS, r"default|Head|query|pageQuery|config|getServerData",
                 "Gatsby page", exports=True),
        FileRoot(r"(?:^|/)netlify/(?:edge-)?functions/.*" + _JS, why="Netlify function", exports=True),
        FileRoot(r"(?:^|/)sidebars" + _JS, why="Docusaurus sidebars", exports=True),
        FileRoot(r"(?:^|/)emails/[^/]+\.[jt]sx$", why="react-email template", exports=True),
    ),
)
