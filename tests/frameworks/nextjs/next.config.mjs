const isProd = process.env.NODE_ENV === "production";

const nextConfig = {
  images: { loader: isProd ? "custom" : "default", loaderFile: isProd ? "./lib/image-loader.ts" : undefined },
};

export default nextConfig;
