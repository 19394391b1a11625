import Layout from '@theme-original/DocItem/Layout'
import { Banner } from '../../../components/Banner'

export default function LayoutWrapper(props) {
  return (
    <>
      <Banner />
      <Layout {...props} />
    </>
  )
}
