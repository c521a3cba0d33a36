import { Modal } from '../components/modal';
import { FeatureSummary, VideoLinks } from './help-content';

/** The Help popup of the logged-in bar: what each screen does, and tutorial videos. */
export function HelpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Help"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <h3>What you can do</h3>
      <FeatureSummary />
      <h3>Tutorial videos</h3>
      <VideoLinks />
    </Modal>
  );
}
