import { useNavigate } from '../../lib/router';
import { Button } from '../../components/button';
import { Column } from '../../components/column';
import { LinkParagraph, Panel, Paragraphs } from '../../components/content';
import { PostForm } from '../../components/post-form';
import { useTitledPage } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { Navigate } from '../../lib/navigate';
import { backendCodeOf, useSharePaper } from './api';
import {
  alreadySharedPaperPath,
  oneTimeCodePath,
  paperShareErrorPath,
  resultPagePath,
  shareConfirmationPath,
  sharePaperSuccessPath,
  shareResultPath,
} from './paths';
import { Refused, ShareFrame, useResultPage, useShareStep } from './share-step';

// The paper channel's pages (spec 02 sections 4 and 8): one paper copy of the result, posted to the applicant
// (APPLICANT only); afterwards only digital sharing is on offer.

const problemOf = (error: ApiError) => ({
  backendCode: error.backendCode,
  message: error.message,
  status: error.status,
  requestId: error.requestId,
});

/** /share-paper-result: one paper copy of the result, posted to the applicant (APPLICANT only). */
export function SharePaperResultPage() {
  const { t, title } = useTitledPage('sharing.paper.title');
  const navigate = useNavigate();
  const { resultId, options, fallback } = useShareStep('paper');
  const paper = useSharePaper(resultId);
  // A failure goes to the error page (spec 02 sections 4 and 8), as without JavaScript; a step-up or the purpose
  // still needed to their pages.
  if (paper.isError) {
    const code = backendCodeOf(paper.error);
    if (code === 'STEP_UP_REQUIRED') return <Navigate to={oneTimeCodePath(resultId)} replace />;
    if (code === 'SHARE_PURPOSE_NOT_CONFIRMED')
      return <Navigate to={shareConfirmationPath(resultId)} replace />;
    return (
      <Navigate to={paperShareErrorPath(paper.error instanceof ApiError ? problemOf(paper.error) : {})} />
    );
  }
  if (fallback || !options) return fallback;
  if (options.sharedPaperResult && !paper.isSuccess)
    return <Navigate to={alreadySharedPaperPath(resultId)} replace />;
  if (!options.allowed && options.refusal === 'SHARE_NOT_ALLOWED' && !paper.isSuccess)
    return <Refused resultId={resultId} code={options.refusal} />;
  return (
    <ShareFrame backTo={shareResultPath(resultId)} title={title}>
      <Paragraphs items={t('sharing.paper.paragraphs', { returnObjects: true }) as string[]} />
      <PostForm
        onSubmit={(event) => {
          event.preventDefault();
          paper.mutate(undefined, {
            onSuccess: () => void navigate(sharePaperSuccessPath(resultId), { replace: true }),
          });
        }}
      >
        <Button id="paper-button" disabled={paper.isPending}>
          {t('sharing.paper.submit')}
        </Button>
      </PostForm>
    </ShareFrame>
  );
}

/** /already-shared-paper: a paper copy was asked for already; digital sharing is still on offer. */
export function AlreadySharedPaperPage() {
  const { t, title, resultId } = useResultPage('sharing.alreadyPaper.title');
  return (
    <ShareFrame backTo={resultPagePath(resultId)} title={title}>
      <p className="govuk-body">{t('sharing.alreadyPaper.body')}</p>
      <LinkParagraph to={shareResultPath(resultId)}>{t('sharing.alreadyPaper.digital')}</LinkParagraph>
    </ShareFrame>
  );
}

/** /share-paper-success: the paper copy was asked for. */
export function SharePaperSuccessPage() {
  const { t, title, resultId } = useResultPage('sharing.paperSuccess.title');
  return (
    <Column>
      <Panel title={title} />
      <p className="govuk-body">{t('sharing.paperSuccess.body')}</p>
      {resultId && <LinkParagraph to={resultPagePath(resultId)}>{t('sharing.backToResult')}</LinkParagraph>}
    </Column>
  );
}
